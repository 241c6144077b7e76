// The fake Discord's REST routes (API v10): gateway info, channels and messages,
// interaction callbacks and webhooks, application commands, and attachment files.
// Messages are kept per channel and validated as Discord validates them; an
// interaction must be answered within 3 seconds and only once, as on Discord.
import { messageProblem } from './validate.mjs';
import { snowflake } from './world.mjs';

const ok = (body) => ({ status: 200, body });
const noContent = () => ({ status: 204 });
const error = (status, code, message) => ({ status, body: { code, message } });

export function createRoutes(world, baseUrl) {
  const state = {
    messages: new Map(),
    nonces: new Map(),
    interactions: new Map(),
    attachments: new Map(),
    commands: { global: null, guilds: new Map() },
    /** How long an interaction may wait for its first response. */
    interactionWindowMs: 3000,
  };
  const channelOf = (id) =>
    world.channels.find((c) => c.id === id) ??
    world.threads.find((t) => t.id === id) ??
    (world.dmChannel.id === id ? world.dmChannel : null);
  const messagesOf = (id) => {
    if (!state.messages.has(id)) state.messages.set(id, new Map());
    return state.messages.get(id);
  };

  function storeFiles(files, described = []) {
    return files.map((f, i) => {
      const id = snowflake();
      state.attachments.set(id, { name: f.name, body: f.data, contentType: f.contentType });
      return {
        id,
        filename: f.name,
        size: f.data.length,
        url: `${baseUrl()}/attachments/${id}/${f.name}`,
        proxy_url: `${baseUrl()}/attachments/${id}/${f.name}`,
        content_type: f.contentType,
        ...(described[i]?.description ? { description: described[i].description } : {}),
      };
    });
  }

  function createMessage(channelId, body, files, extra = {}) {
    const channel = channelOf(channelId);
    if (!channel) return error(404, 10003, 'Unknown Channel');
    const problem = messageProblem(body, files.length);
    if (problem) return error(400, problem.code, problem.message);
    const ref = body.message_reference;
    if (ref && !messagesOf(channelId).has(ref.message_id) && ref.fail_if_not_exists !== false)
      return error(400, 50035, 'Invalid Form Body: message_reference: Unknown message');
    const nonceKey = body.nonce !== undefined ? `${channelId}:${body.nonce}` : null;
    if (nonceKey && body.enforce_nonce && state.nonces.has(nonceKey)) return ok(state.nonces.get(nonceKey));
    const message = {
      id: snowflake(),
      channel_id: channelId,
      ...(channel.guild_id ? { guild_id: channel.guild_id } : {}),
      author: world.bot,
      content: body.content ?? '',
      embeds: body.embeds ?? [],
      components: body.components ?? [],
      attachments: storeFiles(files, body.attachments),
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      pinned: false,
      type: ref && messagesOf(channelId).has(ref.message_id) ? 19 : 0,
      flags: body.flags ?? 0,
      ...(ref && messagesOf(channelId).has(ref.message_id)
        ? { message_reference: { ...ref, channel_id: channelId } }
        : {}),
      ...(body.nonce !== undefined ? { nonce: body.nonce } : {}),
      ...extra,
    };
    messagesOf(channelId).set(message.id, message);
    if (nonceKey) state.nonces.set(nonceKey, message);
    return ok(message);
  }

  function editMessage(channelId, messageId, body, files) {
    const existing = messagesOf(channelId).get(messageId);
    if (!existing) return error(404, 10008, 'Unknown Message');
    if (existing.author.id !== world.bot.id)
      return error(403, 50005, 'Cannot edit a message authored by another user');
    const kept = body.attachments
      ? existing.attachments.filter((a) => body.attachments.some((b) => String(b.id) === a.id))
      : existing.attachments;
    const next = {
      ...existing,
      ...(body.content !== undefined ? { content: body.content ?? '' } : {}),
      ...(body.embeds !== undefined ? { embeds: body.embeds ?? [] } : {}),
      ...(body.components !== undefined ? { components: body.components ?? [] } : {}),
      attachments: [...kept, ...storeFiles(files)],
      edited_timestamp: new Date().toISOString(),
    };
    const problem = messageProblem(next, next.attachments.length);
    if (problem) return error(400, problem.code, problem.message);
    messagesOf(channelId).set(messageId, next);
    return ok(next);
  }

  const interactionByToken = (token) =>
    [...state.interactions.values()].find((i) => i.payload.token === token);

  function callback(call, id, token) {
    const it = state.interactions.get(id);
    if (!it || it.payload.token !== token) return error(404, 10062, 'Unknown interaction');
    if (Date.now() - it.at > state.interactionWindowMs) return error(404, 10062, 'Unknown interaction');
    if (it.acknowledged) return error(400, 40060, 'Interaction has already been acknowledged.');
    const { type, data = {} } = call.body ?? {};
    let message = null;
    if (type === 4) {
      const user = it.payload.member?.user ?? it.payload.user;
      const metadata = { id, type: it.payload.type, user, authorizing_integration_owners: {} };
      const r = createMessage(it.payload.channel_id, data, call.files, { interaction_metadata: metadata });
      if (r.status !== 200) return r;
      message = r.body;
    } else if (type === 7) {
      const r = editMessage(it.payload.channel_id, it.payload.message.id, data, call.files);
      if (r.status !== 200) return r;
      message = r.body;
    } else if (type !== 5 && type !== 6) return error(400, 50035, `Invalid Form Body: type ${type}`);
    it.acknowledged = true;
    it.responseType = type;
    it.original = type === 4 ? message : null;
    if (type === 5) it.deferredFlags = data.flags ?? 0;
    return call.query.with_response === 'true'
      ? ok({
          interaction: { id, type: it.payload.type },
          resource: { type, ...(message ? { message } : {}) },
        })
      : noContent();
  }

  function original(call, token) {
    const it = interactionByToken(token);
    if (!it?.acknowledged) return error(404, 10015, 'Unknown Webhook');
    if (call.method === 'GET') return it.original ? ok(it.original) : error(404, 10008, 'Unknown Message');
    if (call.method === 'DELETE') return noContent();
    if (it.original) return editMessage(it.payload.channel_id, it.original.id, call.body ?? {}, call.files);
    const r = createMessage(
      it.payload.channel_id,
      { ...(call.body ?? {}), flags: it.deferredFlags ?? 0 },
      call.files,
    );
    if (r.status === 200) it.original = r.body;
    return r;
  }

  function followUp(call, token) {
    const it = interactionByToken(token);
    if (!it?.acknowledged) return error(404, 10015, 'Unknown Webhook');
    return createMessage(it.payload.channel_id, call.body ?? {}, call.files);
  }

  function putCommands(call, key) {
    const list = (call.body ?? []).map((c) => ({
      ...c,
      id: snowflake(),
      application_id: world.applicationId,
      version: snowflake(),
    }));
    if (key) state.commands.guilds.set(key, list);
    else state.commands.global = list;
    return ok(list);
  }

  const authed =
    (fn) =>
    (call, ...args) =>
      call.authorization === `Bot ${world.token}` ? fn(call, ...args) : error(401, 0, '401: Unauthorized');
  const app = world.applicationId;
  const table = [
    [
      'GET',
      /^\/gateway\/bot$/,
      authed(() =>
        ok({
          url: `${baseUrl().replace(/^http/, 'ws')}/gateway`,
          shards: 1,
          session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
        }),
      ),
    ],
    ['GET', /^\/users\/@me$/, authed(() => ok(world.bot))],
    [
      'GET',
      /^\/applications\/@me$/,
      authed(() =>
        ok({
          id: app,
          name: 'crashbot',
          bot_public: true,
          bot_require_code_grant: false,
          flags: 0,
          bot: world.bot,
        }),
      ),
    ],
    [
      'GET',
      /^\/channels\/(\d+)$/,
      authed((_c, id) => (channelOf(id) ? ok(channelOf(id)) : error(404, 10003, 'Unknown Channel'))),
    ],
    [
      'GET',
      /^\/channels\/(\d+)\/messages\/(\d+)$/,
      authed((_c, ch, id) => {
        const m = messagesOf(ch).get(id);
        return m ? ok(m) : error(404, 10008, 'Unknown Message');
      }),
    ],
    ['POST', /^\/channels\/(\d+)\/messages$/, authed((c, ch) => createMessage(ch, c.body ?? {}, c.files))],
    [
      'PATCH',
      /^\/channels\/(\d+)\/messages\/(\d+)$/,
      authed((c, ch, id) => editMessage(ch, id, c.body ?? {}, c.files)),
    ],
    [
      'DELETE',
      /^\/channels\/(\d+)\/messages\/(\d+)$/,
      authed((_c, ch, id) =>
        messagesOf(ch).delete(id) ? noContent() : error(404, 10008, 'Unknown Message'),
      ),
    ],
    ['POST', /^\/channels\/(\d+)\/typing$/, authed(() => noContent())],
    ['POST', /^\/interactions\/(\d+)\/([^/]+)\/callback$/, callback],
    [/^(GET|PATCH|DELETE)$/, new RegExp(`^/webhooks/${app}/([^/]+)/messages/@original$`), original],
    ['POST', new RegExp(`^/webhooks/${app}/([^/]+)$`), followUp],
    ['PUT', new RegExp(`^/applications/${app}/commands$`), authed((c) => putCommands(c, null))],
    ['PUT', new RegExp(`^/applications/${app}/guilds/(\\d+)/commands$`), authed((c, g) => putCommands(c, g))],
    [
      'GET',
      /^\/attachments\/(\d+)\/[^/]+$/,
      (_c, id) => {
        const a = state.attachments.get(id);
        if (!a) return error(404, 0, 'Not Found');
        return {
          status: 200,
          raw: a.body,
          headers: { 'content-type': a.contentType, 'content-length': String(a.body.length) },
        };
      },
    ],
  ];

  return {
    state,
    async answer(call) {
      for (const [method, path, fn] of table) {
        const methodOk = typeof method === 'string' ? method === call.method : method.test(call.method);
        const m = methodOk ? path.exec(call.path) : null;
        if (m) return fn(call, ...m.slice(1));
      }
      return error(404, 0, '404: Not Found');
    },
    messagesOf,
  };
}
