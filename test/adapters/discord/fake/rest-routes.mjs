// The fake Discord's REST routes (API v10): gateway info, channels and messages,
// interaction callbacks and webhooks, application commands, and attachment files.
import { error, noContent, ok } from './answers.mjs';
import { createChannels } from './channels.mjs';
import { createInteractionRoutes } from './interaction-routes.mjs';
import { createWebhookRoutes } from './webhook-routes.mjs';
import { snowflake } from './world.mjs';

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
  const channels = createChannels(world, baseUrl, state);
  const { channelOf, messagesOf, createMessage, editMessage } = channels;
  const { callback, original, followUp } = createInteractionRoutes(state, channels);
  const webhooks = createWebhookRoutes(world, state, channels);

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
    [
      'GET',
      /^\/channels\/(\d+)\/messages$/,
      authed((c, ch) => {
        if (!channelOf(ch)) return error(404, 10003, 'Unknown Channel');
        // Newest first, `limit` (1-100, default 50) of them, older than `before` when given.
        const limit = Number(c.query?.limit ?? 50);
        if (!Number.isInteger(limit) || limit < 1 || limit > 100)
          return error(400, 50035, 'Invalid Form Body');
        const before = c.query?.before ? BigInt(c.query.before) : null;
        const list = [...messagesOf(ch).values()]
          .filter((m) => before === null || BigInt(m.id) < before)
          .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1))
          .slice(0, limit);
        return ok(list);
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
    // Channel webhooks come after the application's own (interaction) webhook routes.
    ...webhooks.routes,
  ];

  return {
    state,
    createWebhook: webhooks.createWebhook,
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
