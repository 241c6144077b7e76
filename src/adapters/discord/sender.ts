// Channel messages over REST (so nothing depends on what the client has cached):
// create, edit and delete, each retried on transient failures. Every message mentions
// no one, a reply does not fail when its source was deleted, and a nonce makes a
// repeated post (a retried weekly summary) a no-op on Discord's side.
import { createHash } from 'node:crypto';
import { MessageFlags, type RawFile, type REST, Routes } from 'discord.js';
import { type RetryPolicy, withRetry } from './delivery-errors.js';
import { truncate } from './render/limits.js';
import type { DiscordMessage } from './render/message.js';

export interface PostOptions {
  replyTo?: string | undefined;
  nonce?: string | undefined;
}

export interface Sender {
  /** Returns the new message's id. */
  post(channelId: string, m: DiscordMessage, o?: PostOptions): Promise<string>;
  edit(channelId: string, messageId: string, m: DiscordMessage): Promise<void>;
  remove(channelId: string, messageId: string): Promise<void>;
}

/** Discord's nonce holds at most 25 characters: a digest of the key and the part's index. */
export function nonceFor(key: string, index: number): string {
  return createHash('sha256').update(`${key}#${index}`).digest('base64url').slice(0, 25);
}

export function messageBody(m: DiscordMessage): Record<string, unknown> {
  return {
    content: m.content ?? '',
    embeds: m.embeds,
    components: m.components,
    allowed_mentions: { parse: [] },
    ...(m.files.length > 0 && {
      attachments: m.files.map((f, i) => ({ id: i, filename: f.name, description: truncate(f.alt, 1024) })),
    }),
    // Plain replies quote logs full of URLs: no link previews under them.
    ...(m.content && m.embeds.length === 0 && { flags: MessageFlags.SuppressEmbeds }),
  };
}

export function messageFiles(m: DiscordMessage): RawFile[] {
  return m.files.map((f) => ({ name: f.name, data: Buffer.from(f.data), contentType: f.mime }));
}

export function createSender(rest: REST, retry: RetryPolicy): Sender {
  return {
    async post(channelId, m, o = {}) {
      const body = {
        ...messageBody(m),
        ...(o.replyTo && { message_reference: { message_id: o.replyTo, fail_if_not_exists: false } }),
        ...(o.nonce && { nonce: o.nonce, enforce_nonce: true }),
      };
      const created = (await withRetry(
        () => rest.post(Routes.channelMessages(channelId), { body, files: messageFiles(m) }),
        retry,
      )) as { id: string };
      return created.id;
    },
    async edit(channelId, messageId, m) {
      await withRetry(
        () =>
          rest.patch(Routes.channelMessage(channelId, messageId), {
            body: messageBody(m),
            files: messageFiles(m),
          }),
        retry,
      );
    },
    async remove(channelId, messageId) {
      await withRetry(() => rest.delete(Routes.channelMessage(channelId, messageId)), retry);
    },
  };
}
