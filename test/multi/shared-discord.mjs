// A fake Discord for several bot instances at once: the REST side, world and payloads
// of test/adapters/discord/fake, with a gateway that keeps one session per connection
// and sends every dispatch to every session, as Discord does for the sessions of an
// unsharded bot. No RESUME: a session that drops is gone (the test does not drop any).
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { guildCreate } from '../adapters/discord/fake/guild.mjs';
import { slashCommand } from '../adapters/discord/fake/interactions.mjs';
import { createRest } from '../adapters/discord/fake/rest.mjs';
import { createWorld, message, snowflake } from '../adapters/discord/fake/world.mjs';

export async function startSharedDiscord(options = {}) {
  const world = createWorld(options.extraChannels ?? 0);
  let base = '';
  const rest = createRest(world, () => base);
  const server = createServer((req, res) => {
    rest.handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, message: String(err) }));
    });
  });
  const wss = new WebSocketServer({ server, path: '/gateway' });
  const sessions = new Set();
  const waiters = new Set();
  const send = (ws, payload) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(payload));
  };
  const dispatchTo = (session, t, d) => send(session.ws, { op: 0, t, s: ++session.seq, d });

  wss.on('connection', (ws) => {
    let session = null;
    send(ws, { op: 10, d: { heartbeat_interval: 41_250 }, s: null, t: null });
    ws.on('close', () => session && sessions.delete(session));
    ws.on('message', (raw) => {
      let msg;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return ws.close(4002, 'Error while decoding payload.');
      }
      if (msg.op === 1) return send(ws, { op: 11 });
      if (msg.op === 6) return send(ws, { op: 9, d: false });
      if (msg.op !== 2) return;
      if (msg.d.token !== world.token) return ws.close(4004, 'Authentication failed.');
      session = { ws, seq: 0, id: snowflake().slice(-12) };
      dispatchTo(session, 'READY', {
        v: 10,
        user: world.bot,
        guilds: [{ id: world.guild.id, unavailable: true }],
        session_id: session.id,
        resume_gateway_url: `ws://127.0.0.1:${server.address().port}/gateway`,
        shard: msg.d.shard ?? [0, 1],
        application: { id: world.applicationId, flags: 0 },
        private_channels: [],
        presences: [],
        relationships: [],
      });
      dispatchTo(session, 'GUILD_CREATE', guildCreate(world));
      sessions.add(session);
      for (const w of waiters) w();
    });
  });

  const dispatch = (t, d) => {
    for (const s of sessions) dispatchTo(s, t, d);
  };
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;

  return {
    world,
    url: base,
    apiUrl: `${base}/api`,
    rest,
    get sessions() {
      return sessions.size;
    },
    /** Resolves once `n` sessions are connected. */
    waitForSessions(n) {
      return new Promise((resolve) => {
        const check = () => {
          if (sessions.size < n) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    /** A person posts a message; every session gets the MESSAGE_CREATE. */
    postMessage(o = {}) {
      const m = message(world, o);
      rest.messagesOf(m.channel_id).set(m.id, m);
      dispatch('MESSAGE_CREATE', m);
      return m;
    },
    /** `/crash <sub>`; every session gets the INTERACTION_CREATE, and Discord takes one answer. */
    slash(sub, opts = {}, o = {}) {
      const payload = slashCommand(world, sub, opts, o);
      rest.state.interactions.set(payload.id, {
        payload,
        at: Date.now(),
        acknowledged: false,
        original: null,
      });
      dispatch('INTERACTION_CREATE', payload);
      return payload;
    },
    async close() {
      for (const s of sessions) s.ws.terminate();
      await new Promise((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
