// Where `crashbot run` posts on Discord: a channel webhook, through discord.js's own
// WebhookClient. Webhook messages can be edited, so the alert is updated in place.
import { type APIWebhook, Routes, WebhookClient } from 'discord.js';
import type { AlertSink } from '../../app/run/ports.js';
import type { Reply } from '../../core/reply/model.js';
import { type DiscordMessage, renderReply } from './render/index.js';

const WEBHOOK_PATH = /\/webhooks\/(\d{1,20})\/([\w-]{1,200})\/?$/;

export type WebhookUrl =
  | { ok: true; id: string; token: string; api: string }
  | { ok: false; message: string };

/** Reads `https://discord.com/api/webhooks/ID/TOKEN` (any host, for tests and proxies). */
export function parseDiscordWebhook(url: string): WebhookUrl {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, message: 'is not a URL' };
  }
  const m = WEBHOOK_PATH.exec(u.pathname);
  if (!m || !/^https?:$/.test(u.protocol))
    return { ok: false, message: 'is not a Discord webhook URL (https://discord.com/api/webhooks/ID/TOKEN)' };
  const prefix = u.pathname.slice(0, m.index).replace(/\/v\d{1,2}$/, '');
  return { ok: true, id: m[1]!, token: m[2]!, api: `${u.origin}${prefix}` };
}

export async function discordWebhookSink(url: string, timeoutMs: number): Promise<AlertSink> {
  const parsed = parseDiscordWebhook(url);
  if (!parsed.ok) throw new Error(`the Discord webhook URL ${parsed.message}`);
  const client = new WebhookClient(
    { id: parsed.id, token: parsed.token },
    { rest: { api: parsed.api, timeout: timeoutMs, retries: 2 } },
  );
  // The webhook says which channel it posts to, so the alert counts in that channel's summary.
  const hook = (await client.rest.get(Routes.webhook(parsed.id, parsed.token), {
    auth: false,
  })) as APIWebhook;
  return {
    destination: `discord-webhook:${parsed.id}`,
    channel:
      hook.channel_id && hook.guild_id
        ? { platform: 'discord', workspace: hook.guild_id, channel: hook.channel_id }
        : null,
    canEdit: true,
    async post(reply) {
      const [first, ...rest] = messages(reply);
      const sent = await client.send(payload(first!));
      for (const m of rest) await client.send(payload(m));
      return sent.id;
    },
    async update(ref, reply) {
      await client.editMessage(ref, payload(messages(reply)[0]!));
    },
  };
}

function messages(reply: Reply): DiscordMessage[] {
  return renderReply({ ...reply, actions: [] }, { embeds: true });
}

function payload(m: DiscordMessage) {
  return {
    embeds: m.embeds,
    ...(m.content !== undefined && { content: m.content }),
    allowedMentions: { parse: [] },
  };
}
