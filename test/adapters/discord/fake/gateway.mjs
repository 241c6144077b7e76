// The fake Discord gateway: HELLO (op 10), IDENTIFY (op 2) -> READY and a GUILD_CREATE
// per guild, heartbeats (op 1 -> op 11), RESUME (op 6) with the missed events replayed
// then RESUMED, and dispatches (op 0) with sequence numbers. A test can drop the
// connection, ask the client to reconnect (op 7), invalidate the session (op 9), or
// refuse intents (close 4014) as Discord does for privileged intents not enabled.
import { WebSocketServer } from 'ws';
import { guildCreate } from './guild.mjs';
import { snowflake } from './world.mjs';

export function createGateway(world, server, options = {}) {
  const wss = new WebSocketServer({ server, path: '/gateway' });
  const identifies = [];
  const resumes = [];
  const heartbeatInterval = options.heartbeatInterval ?? 41_250;
  let session = null;
  let socket = null;
  const sockets = new Set();
  const readyWaiters = new Set();

  const send = (ws, payload) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(payload));
  };

  function dispatch(t, d) {
    if (!session) throw new Error(`no gateway session to dispatch ${t} on`);
    const event = { op: 0, t, s: ++session.seq, d };
    session.events.push(event);
    if (session.events.length > 1000) session.events.shift();
    if (socket) send(socket, event);
    return event.s;
  }

  function identify(ws, d) {
    identifies.push(d);
    if (d.token !== world.token) return ws.close(4004, 'Authentication failed.');
    if ((BigInt(d.intents) & BigInt(options.disallowedIntents ?? 0)) !== 0n)
      return ws.close(4014, 'Disallowed intent(s).');
    session = { id: snowflake().slice(-12), seq: 0, events: [], intents: d.intents };
    socket = ws;
    const base = options.resumeUrl?.() ?? null;
    dispatch('READY', {
      v: 10,
      user: world.bot,
      guilds: [{ id: world.guild.id, unavailable: true }],
      session_id: session.id,
      resume_gateway_url: base ?? `ws://127.0.0.1:${server.address().port}/gateway`,
      shard: d.shard ?? [0, 1],
      application: { id: world.applicationId, flags: 0 },
      private_channels: [],
      presences: [],
      relationships: [],
    });
    dispatch('GUILD_CREATE', guildCreate(world));
    for (const w of readyWaiters) w();
    readyWaiters.clear();
  }

  function resume(ws, d) {
    resumes.push(d);
    if (!session || d.session_id !== session.id || d.token !== world.token || session.invalid) {
      send(ws, { op: 9, d: false });
      return;
    }
    socket = ws;
    for (const e of session.events) if (e.s > d.seq) send(ws, e);
    dispatch('RESUMED', null);
  }

  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => {
      sockets.delete(ws);
      if (socket === ws) socket = null;
    });
    send(ws, { op: 10, d: { heartbeat_interval: heartbeatInterval }, s: null, t: null });
    ws.on('message', (raw) => {
      let msg;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return ws.close(4002, 'Error while decoding payload.');
      }
      if (msg.op === 1) send(ws, { op: 11 });
      else if (msg.op === 2) identify(ws, msg.d);
      else if (msg.op === 6) resume(ws, msg.d);
    });
  });

  return {
    identifies,
    resumes,
    dispatch,
    get connected() {
      return socket !== null;
    },
    /** Closes the client's connection: abruptly (no close frame) or with a close code. */
    drop(code) {
      const ws = socket;
      socket = null;
      if (!ws) return;
      if (code === undefined) ws.terminate();
      else ws.close(code, 'fake gateway closed the connection');
    },
    /** Sends op 7: the client should reconnect and resume. */
    requestReconnect() {
      if (socket) send(socket, { op: 7, d: null });
    },
    /** Sends op 9 (not resumable) and forgets the session: the client must identify again. */
    invalidateSession() {
      if (session) session.invalid = true;
      if (socket) send(socket, { op: 9, d: false });
    },
    /** Resolves at the next READY (a new session). */
    nextReady() {
      return new Promise((resolve) => readyWaiters.add(resolve));
    },
    close() {
      for (const ws of sockets) ws.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
