// What a Discord message asks of the bot: is it addressed to it (a mention of the bot
// or of its role, a reply to one of its messages, a DM), and the text without the
// mention. Only people are answered: bots, webhooks and system messages never are.
import type { Attachment, Collection, Message, PartialMessage } from 'discord.js';
import type { AttachmentInfo } from './attachments.js';

export type Addressing = 'mention' | 'reply' | 'dm' | 'none';

export function fromPerson(message: Message | PartialMessage): boolean {
  // A message without an author (a malformed event) is from no one.
  return Boolean(message.author) && !message.author?.bot && !message.webhookId && !message.system;
}

export function addressing(message: Message, botId: string): Addressing {
  if (message.mentions.users.has(botId)) return 'mention';
  if (message.mentions.roles.some((r) => r.tags?.botId === botId)) return 'mention';
  if (message.mentions.repliedUser?.id === botId) return 'reply';
  if (!message.inGuild()) return 'dm';
  return 'none';
}

/** The text with the bot's mentions (user or managed role) taken out; no text when content is not a string. */
export function withoutBotMention(content: unknown, botId: string, botRoleIds: readonly string[]): string {
  if (typeof content !== 'string') return '';
  const ids = [botId, ...botRoleIds].map((id) => id.replace(/\D/g, '')).join('|');
  return content.replace(new RegExp(`<@[!&]?(?:${ids})>`, 'g'), '').trim();
}

export function botRoleIds(message: Message, botId: string): string[] {
  return message.mentions.roles.filter((r) => r.tags?.botId === botId).map((r) => r.id);
}

export function attachmentInfos(attachments: Collection<string, Attachment>): AttachmentInfo[] {
  return attachments.map((a) => ({ name: a.name, url: a.url, size: a.size, contentType: a.contentType }));
}
