// Discord events -> the pipeline's Incoming values. A message addressed to the bot (a
// mention of it or of its role, a reply to one of its messages, a DM) is a mention, with
// the mention taken out of the text; with the Message Content intent any other message
// is handed on as listened. `/crash` options become the shared command text; who may
// change a channel's settings is who has Manage Channels there.
import {
  type Attachment,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Collection,
  type Message,
  type MessageContextMenuCommandInteraction,
  MessageReferenceType,
  type PartialMessage,
  PermissionFlagsBits,
} from 'discord.js';
import type { Incoming, MessageIncoming, MessageMode, Place } from '../../app/conversation/incoming.js';
import { attachmentRef } from './attachments.js';
import { interactionHandle } from './channel.js';
import { SETTING_SUBCOMMANDS } from './commands.js';
import type { ParsedCustomId } from './render/components.js';

export const DM_WORKSPACE = '@dm';

export function discordPlace(guildId: string | null, channelId: string, inThread = false): Place {
  return {
    platform: 'discord',
    workspace: guildId ?? DM_WORKSPACE,
    channel: channelId,
    ...(inThread && { thread: channelId }),
  };
}

/** The message's jump link, as Discord's "Copy Message Link" gives it. */
export function messageLink(guildId: string | null, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;
}

export function fromPerson(message: Message | PartialMessage): boolean {
  // A message without an author (a malformed event) is from no one.
  return Boolean(message.author) && !message.author?.bot && !message.webhookId && !message.system;
}

export function addressed(message: Message, botId: string): boolean {
  if (message.mentions.users.has(botId)) return true;
  if (message.mentions.roles.some((r) => r.tags?.botId === botId)) return true;
  if (message.mentions.repliedUser?.id === botId) return true;
  return !message.inGuild();
}

/** The text with the bot's mentions (user or managed role) taken out; no text when content is not a string. */
export function withoutBotMention(content: unknown, botId: string, botRoleIds: readonly string[]): string {
  if (typeof content !== 'string') return '';
  const ids = [botId, ...botRoleIds].map((id) => id.replace(/\D/g, '')).join('|');
  return content.replace(new RegExp(`<@[!&]?(?:${ids})>`, 'g'), '').trim();
}

const refs = (attachments: Collection<string, Attachment>) => attachments.map(attachmentRef);
const placeOf = (m: Message) => discordPlace(m.guildId, m.channelId, m.channel?.isThread?.() ?? false);

export function messageIncoming(
  kind: 'message' | 'edit',
  m: Message,
  me: string,
  mode: MessageMode,
): MessageIncoming {
  const roles = m.mentions.roles.filter((r) => r.tags?.botId === me).map((r) => r.id);
  const replyTo = repliedTo(m);
  return {
    kind,
    id: m.id,
    place: placeOf(m),
    user: m.author.id,
    message: m.id,
    text: withoutBotMention(m.content, me, roles),
    attachments: refs(m.attachments),
    mode,
    link: messageLink(m.guildId, m.channelId, m.id),
    ...(replyTo !== undefined && { replyTo }),
  };
}

/** The message this one replies to in the same channel (a forward is no reply; no type means a reply). */
function repliedTo(m: Message): string | undefined {
  const r = m.reference;
  return r && r.type !== MessageReferenceType.Forward && r.channelId === m.channelId
    ? r.messageId
    : undefined;
}

/** "Diagnose crash" on a message: counted as its author's crash, asked for by whoever clicked. */
export function shortcutIncoming(i: MessageContextMenuCommandInteraction, me: string): MessageIncoming {
  // A malformed interaction may come without its message or the message without an author.
  const target = i.targetMessage as Message | null;
  const author = target?.author?.id;
  const readable = target !== null && author !== undefined && author !== me;
  const message = target?.id ?? i.id;
  return {
    kind: 'message',
    id: i.id,
    place: discordPlace(i.guildId, i.channelId, i.channel?.isThread() ?? false),
    user: author ?? i.user.id,
    asker: i.user.id,
    message,
    text: readable ? withoutBotMention(target.content, me, []) : '',
    attachments: readable ? refs(target.attachments) : [],
    mode: 'shortcut',
    link: messageLink(i.guildId, i.channelId, message),
    respond: interactionHandle(i.id, i.token),
  };
}

/** `/crash <subcommand> [options]` as the shared command text. */
export function commandText(i: ChatInputCommandInteraction): string {
  const sub = i.options.getSubcommand(false) ?? 'help';
  switch (sub) {
    case 'code':
      return `code ${i.options.getString('code', true).trim()}${i.options.getBoolean('public') ? ' public' : ''}`;
    case 'summary':
      return 'summary';
    case 'listen':
      return `listen ${i.options.getString('state', true)}`;
    case 'summaries': {
      const when = ['day', 'time', 'timezone'].map((o) => i.options.getString(o)).filter((v) => v !== null);
      return ['summary', i.options.getString('state', true), ...when].join(' ');
    }
    default:
      return 'help';
  }
}

export function commandIncoming(i: ChatInputCommandInteraction): Incoming {
  const sub = i.options.getSubcommand(false) ?? 'help';
  return {
    kind: 'command',
    id: i.id,
    place: discordPlace(i.guildId, i.channelId, i.channel?.isThread() ?? false),
    user: i.user.id,
    text: commandText(i),
    respond: interactionHandle(i.id, i.token),
    ...(SETTING_SUBCOMMANDS.includes(sub) &&
      i.inGuild() && { manager: i.memberPermissions.has(PermissionFlagsBits.ManageChannels) }),
  };
}

export function clickIncoming(i: ButtonInteraction, button: Extract<ParsedCustomId, { ok: true }>): Incoming {
  return {
    kind: 'click',
    id: i.id,
    place: discordPlace(i.guildId, i.channelId, i.channel?.isThread() ?? false),
    user: i.user.id,
    action: button.action,
    value: button.value,
    respond: interactionHandle(i.id, i.token),
  };
}
