// The fake Discord's channel webhooks (Execute Webhook, Get Webhook with Token, Edit
// Webhook Message), as `crashbot run` uses them: a webhook posts to its channel under
// its own name, `?wait=true` returns the message, and only its own messages can be edited.
import { error, noContent, ok } from './answers.mjs';
import { messageProblem } from './validate.mjs';
import { snowflake } from './world.mjs';

export function createWebhookRoutes(world, state, channels) {
  state.webhooks ??= new Map();
  const find = (id, token) => {
    const w = state.webhooks.get(id);
    return w && w.token === token ? w : null;
  };
  const unknown = () => error(404, 10015, 'Unknown Webhook');

  /** Creates a webhook in a channel of the guild; returns it with its URL's parts. */
  function createWebhook(channelId = world.channel) {
    const id = snowflake();
    const token = `wh-${id}-${Math.random().toString(36).slice(2)}`;
    const webhook = { type: 1, id, token, channel_id: channelId, guild_id: world.guild.id, name: 'alerts' };
    state.webhooks.set(id, webhook);
    return webhook;
  }

  const routes = [
    [
      'GET',
      /^\/webhooks\/(\d+)\/([^/]+)$/,
      (_c, id, token) => {
        const w = find(id, token);
        return w ? ok({ ...w, application_id: null }) : unknown();
      },
    ],
    [
      'POST',
      /^\/webhooks\/(\d+)\/([^/]+)$/,
      (c, id, token) => {
        const w = find(id, token);
        if (!w) return unknown();
        const author = { id, username: w.name, bot: true, discriminator: '0000' };
        const made = channels.createMessage(w.channel_id, c.body ?? {}, c.files, { author, webhook_id: id });
        if (made.status !== 200) return made;
        return c.query?.wait === 'true' ? made : noContent();
      },
    ],
    [
      'PATCH',
      /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(\d+)$/,
      (c, id, token, messageId) => {
        const w = find(id, token);
        if (!w) return unknown();
        const list = channels.messagesOf(w.channel_id);
        const existing = list.get(messageId);
        if (!existing || existing.webhook_id !== id) return error(404, 10008, 'Unknown Message');
        const body = c.body ?? {};
        const next = {
          ...existing,
          ...(body.content !== undefined ? { content: body.content ?? '' } : {}),
          ...(body.embeds !== undefined ? { embeds: body.embeds ?? [] } : {}),
          edited_timestamp: new Date().toISOString(),
        };
        const problem = messageProblem(next, next.attachments.length);
        if (problem) return error(400, problem.code, problem.message);
        list.set(messageId, next);
        return ok(next);
      },
    ],
  ];
  return { routes, createWebhook };
}
