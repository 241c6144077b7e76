// A fake Discord on 127.0.0.1 for end-to-end tests and the bench: one HTTP server for
// the REST API (under /api/v10) and attachment files, with the gateway as a WebSocket
// on /gateway. A real discord.js Client logs in with `rest: { api: fake.apiUrl }`.
import { createServer } from 'node:http';
import { createGateway } from './gateway.mjs';
import { joinedGuildCreate } from './guild.mjs';
import { buttonClick, messageCommand, slashCommand } from './interactions.mjs';
import { createRest } from './rest.mjs';
import { createWorld, EVERYONE_PERMISSIONS, message, snowflake } from './world.mjs';

export { snowflake };

export async function startFakeDiscord(options = {}) {
  const world = createWorld(options.extraChannels ?? 0);
  let base = '';
  const rest = createRest(world, () => base);
  const server = createServer((req, res) => {
    rest.handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, message: String(err) }));
    });
  });
  const gateway = createGateway(world, server, options);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  const state = rest.state;

  return {
    world,
    url: base,
    apiUrl: `${base}/api`,
    rest,
    gateway,
    /** A person posts a message (MESSAGE_CREATE); returns the message payload. */
    postMessage(o = {}) {
      const m = message(world, o);
      rest.messagesOf(m.channel_id).set(m.id, m);
      gateway.dispatch('MESSAGE_CREATE', m);
      return m;
    },
    /** The author edits `m` (MESSAGE_UPDATE with the full message, as Discord sends it). */
    editMessage(m, content, extra = {}) {
      const edited = { ...m, ...extra, content, edited_timestamp: new Date().toISOString() };
      rest.messagesOf(m.channel_id).set(m.id, edited);
      gateway.dispatch('MESSAGE_UPDATE', edited);
      return edited;
    },
    /**
     * Someone adds the bot to another server: GUILD_CREATE with its text channels
     * (`names`, in order; `readOnly` ones the bot may not send in) and its system channel
     * (`system`: a name, or none). Returns the guild id and the channel ids by name.
     */
    joinGuild(o = {}) {
      const id = snowflake();
      const SEND = 1n << 11n;
      const channels = (o.names ?? ['rules', 'general']).map((name, position) => ({
        id: snowflake(),
        type: 0,
        name,
        guild_id: id,
        position,
        permission_overwrites: (o.readOnly ?? []).includes(name)
          ? [{ id, type: 0, allow: '0', deny: String(SEND) }]
          : [],
      }));
      world.joinedChannels.push(...channels);
      const byName = Object.fromEntries(channels.map((c) => [c.name, c.id]));
      gateway.dispatch(
        'GUILD_CREATE',
        joinedGuildCreate(world, {
          id,
          name: o.name ?? 'Another lab',
          botRoleId: snowflake(),
          everyone: EVERYONE_PERMISSIONS,
          channels,
          systemChannelId: o.system ? byName[o.system] : null,
        }),
      );
      return { id, channels: byName };
    },
    /** Dispatches an interaction; the fake then holds the bot to Discord's response rules. */
    interact(payload) {
      state.interactions.set(payload.id, { payload, at: Date.now(), acknowledged: false, original: null });
      gateway.dispatch('INTERACTION_CREATE', payload);
      return payload;
    },
    slash: (sub, opts, o) => slashCommand(world, sub, opts, o),
    messageCommand: (target, o) => messageCommand(world, target, o),
    buttonClick: (botMessage, customId, o) => buttonClick(world, botMessage, customId, o),
    /** A file uploaded to Discord, served by the fake; returns the attachment object. */
    addAttachment(name, body, o = {}) {
      const id = snowflake();
      const data = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
      const contentType = o.contentType ?? 'text/plain; charset=utf-8';
      state.attachments.set(id, { name, body: data, contentType });
      const url = `${o.origin ?? base}/attachments/${id}/${name}`;
      return {
        id,
        filename: name,
        size: o.size ?? data.length,
        url,
        proxy_url: url,
        content_type: contentType,
      };
    },
    /** A channel webhook (default: the main channel); `url` is its Execute Webhook URL on this fake. */
    createWebhook(channelId = world.channel) {
      const w = rest.createWebhook(channelId);
      return { ...w, url: `${base}/api/webhooks/${w.id}/${w.token}` };
    },
    /** Every message in a channel, whoever wrote it, oldest first. */
    allMessages(channelId = world.channel) {
      return [...rest.messagesOf(channelId).values()];
    },
    /** What the bot sent: the messages now in a channel (after edits and deletes), oldest first. */
    messages(channelId = world.channel) {
      return [...rest.messagesOf(channelId).values()].filter((m) => m.author.id === world.bot.id);
    },
    async close() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
