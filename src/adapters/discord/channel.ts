// Discord's ReplyChannels, over REST and from plain data alone (nothing depends on what
// the client has cached): messages in a channel or thread, the first one a reply to the
// message it answers; and an interaction's answer through its id and token, deferred
// ("thinking...") when the work takes longer than Discord's 3-second window allows.
// Every message mentions no one and shows no link previews under plain text; a nonce
// makes a repeated post (a retried weekly summary) a no-op on Discord's side.
import { createHash } from 'node:crypto';
import { type Client, MessageFlags, type RawFile, Routes } from 'discord.js';
import type { ReplyChannel, Style, Target } from '../../app/conversation/ports.js';
import type { Reply } from '../../core/reply/model.js';
import { request } from './delivery-errors.js';
import { canEmbed } from './permissions.js';
import { type DiscordMessage, renderReply } from './render/index.js';
import { truncate } from './render/limits.js';

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

/** Renders for a channel: embeds where the bot may show them (Discord drops them silently otherwise). */
function renderer(client: Client, channelId: string) {
  return (reply: Reply, style: Style): DiscordMessage[] => {
    const me = client.user?.id;
    const channel = client.channels.cache.get(channelId) ?? null;
    const embeds = style === 'rich' && (!me || canEmbed(channel, me));
    return renderReply(reply, { embeds });
  };
}

export function channelAt(client: Client, target: Target): ReplyChannel<DiscordMessage> {
  const channelId = target.place.channel;
  const rest = client.rest;
  return {
    render: renderer(client, channelId),
    async post(m, o) {
      const body = {
        ...messageBody(m),
        ...(o.part === 0 &&
          target.replyTo && { message_reference: { message_id: target.replyTo, fail_if_not_exists: false } }),
        ...(o.key !== undefined && { nonce: nonceFor(o.key, o.part), enforce_nonce: true }),
      };
      const created = (await request(() =>
        rest.post(Routes.channelMessages(channelId), { body, files: messageFiles(m) }),
      )) as { id: string };
      return created.id;
    },
    async edit(id, m) {
      await request(() =>
        rest.patch(Routes.channelMessage(channelId, id), { body: messageBody(m), files: messageFiles(m) }),
      );
    },
    async remove(id) {
      await request(() => rest.delete(Routes.channelMessage(channelId, id)));
    },
  };
}

/** `respond` handles are `<interaction id>:<token>`. */
export function interactionHandle(id: string, token: string): string {
  return `${id}:${token}`;
}

export function interactionChannel(
  client: Client,
  handle: string,
  channelId: string,
  deferAfterMs: number,
): ReplyChannel<DiscordMessage> {
  const cut = handle.indexOf(':');
  const id = handle.slice(0, cut);
  const token = handle.slice(cut + 1);
  const appId = () => client.application?.id ?? client.user?.id ?? '';
  const rest = client.rest;
  let timer: NodeJS.Timeout | undefined;
  let deferral: Promise<boolean> | null = null;
  const flags = (isPrivate: boolean) => (isPrivate ? MessageFlags.Ephemeral : 0);
  const callback = (type: number, data: Record<string, unknown>, files: RawFile[] = []) =>
    request(() =>
      rest.post(Routes.interactionCallback(id, token), { body: { type, data }, files, auth: false }),
    );
  return {
    render: renderer(client, channelId),
    begin(o) {
      timer = setTimeout(() => {
        deferral = callback(5, { flags: flags(o.private) }).then(
          () => true,
          () => false,
        );
      }, deferAfterMs);
    },
    async post(m, o) {
      clearTimeout(timer);
      const pending = deferral as Promise<boolean> | null;
      const body = { ...messageBody(m), flags: ((messageBody(m).flags as number) ?? 0) | flags(o.private) };
      if (o.part > 0) {
        const sent = (await request(() =>
          rest.post(Routes.webhook(appId(), token), { body, files: messageFiles(m), auth: false }),
        )) as { id?: string };
        return sent.id ?? '';
      }
      if (pending && (await pending)) {
        const sent = (await request(() =>
          rest.patch(Routes.webhookMessage(appId(), token), {
            body: messageBody(m),
            files: messageFiles(m),
            auth: false,
          }),
        )) as { id?: string };
        return sent.id ?? '';
      }
      await callback(4, body, messageFiles(m));
      return '';
    },
    async edit(messageId, m) {
      await request(() =>
        rest.patch(Routes.webhookMessage(appId(), token, messageId), {
          body: messageBody(m),
          files: messageFiles(m),
          auth: false,
        }),
      );
    },
    async remove(messageId) {
      await request(() => rest.delete(Routes.webhookMessage(appId(), token, messageId), { auth: false }));
    },
  };
}
