// MESSAGE_CREATE and MESSAGE_UPDATE: a log that mentions the bot (or replies to it, or
// comes in a DM) is diagnosed and answered as a reply; with the Message Content intent
// on, crash output in a listening channel is too. An edit of an answered message
// updates that answer in place; an edit that changes nothing the bot read is ignored.
// With several instances on one store, each message is claimed before it is read: one
// instance answers it, and an edit goes to the instance that holds the answer (the
// others see the message's answer claimed and leave it).
import { createHash } from 'node:crypto';
import type { Message, PartialMessage } from 'discord.js';
import type { MessageMode } from '../../app/diagnose-message.js';
import type { AttachmentInfo } from './attachments.js';
import { channelRef, messageLink } from './channel-ref.js';
import { deliver, redeliver, reportUndelivered } from './deliver.js';
import { DeliveryError } from './delivery-errors.js';
import { diagnoseRequest } from './diagnose.js';
import { addressing, attachmentInfos, botRoleIds, fromPerson, withoutBotMention } from './message-input.js';
import { ANSWERED_TTL_MS, firstClaim, refusedStamp } from './once.js';
import { canEmbed } from './permissions.js';
import { botId, type DiscordRuntime } from './runtime.js';

function sourceKey(text: string, files: readonly AttachmentInfo[]): string {
  const h = createHash('sha256').update(text);
  for (const f of files) h.update(`\0${f.url}`);
  return h.digest('base64url');
}

function modeOf(rt: DiscordRuntime, message: Message, me: string): MessageMode | null {
  if (addressing(message, me) !== 'none') return 'mention';
  return rt.messageContent ? 'listen' : null;
}

function read(message: Message, me: string) {
  const text = withoutBotMention(message.content, me, botRoleIds(message, me));
  return { text, attachments: attachmentInfos(message.attachments) };
}

export async function onMessageCreate(rt: DiscordRuntime, message: Message): Promise<void> {
  const me = botId(rt);
  if (!me || !fromPerson(message)) return;
  const mode = modeOf(rt, message, me);
  if (!mode || refusedStamp(rt, 'a message', message.id)) return;
  // Ordinary talk in a channel that is not listening takes no claim.
  if (mode === 'listen' && !(await listening(rt, message))) return;
  if (!(await firstClaim(rt, `message:${message.id}`))) return;
  await rt.queue.run(message.id, () => answer(rt, message, me, mode));
}

async function listening(rt: DiscordRuntime, message: Message): Promise<boolean> {
  try {
    return (await rt.store.getSettings(channelRef(message.guildId, message.channelId))).listening;
  } catch {
    return true; // the bot checks again and reports the failure
  }
}

/** Marks the message as answered (or being answered) by this instance; false when another instance holds it. */
const claimAnswer = (rt: DiscordRuntime, message: Message) =>
  firstClaim(rt, `answered:${message.id}`, ANSWERED_TTL_MS);

async function answer(
  rt: DiscordRuntime,
  message: Message,
  me: string,
  mode: MessageMode,
  answerClaimed = false,
): Promise<void> {
  const { text, attachments } = read(message, me);
  const result = await diagnoseRequest(rt, {
    channel: channelRef(message.guildId, message.channelId),
    userId: message.author.id,
    text,
    attachments,
    mode,
    link: messageLink(message.guildId, message.channelId, message.id),
  });
  if (result.kind === 'ignore') return;
  if (!answerClaimed) await claimAnswer(rt, message);
  try {
    const replyIds = await deliver(
      rt,
      { channelId: message.channelId, replyTo: message.id, embeds: canEmbed(message.channel, me) },
      result.reply,
    );
    rt.answers.set(message.id, {
      channelId: message.channelId,
      replyIds,
      source: sourceKey(text, attachments),
      mode,
    });
  } catch (err) {
    reportUndelivered(rt.log, 'a reply', err, { channel: message.channelId, message: message.id });
  }
}

export async function onMessageUpdate(rt: DiscordRuntime, updated: Message | PartialMessage): Promise<void> {
  const me = botId(rt);
  if (!me) return;
  const message = updated.partial ? await updated.fetch().catch(() => null) : updated;
  if (!message || !fromPerson(message) || refusedStamp(rt, 'an edit', message.id)) return;
  await rt.queue.run(message.id, () => reanswer(rt, message, me));
}

async function reanswer(rt: DiscordRuntime, message: Message, me: string): Promise<void> {
  const previous = rt.answers.get(message.id);
  if (!previous) {
    // Not answered here: an edit that now mentions the bot (or, listening, holds a crash) is
    // answered once, unless another instance answered the message (it updates its answer).
    const mode = modeOf(rt, message, me);
    if (mode && (await claimAnswer(rt, message))) await answer(rt, message, me, mode, true);
    return;
  }
  const { text, attachments } = read(message, me);
  const source = sourceKey(text, attachments);
  if (source === previous.source) return;
  const result = await diagnoseRequest(rt, {
    channel: channelRef(message.guildId, message.channelId),
    userId: message.author.id,
    text,
    attachments,
    mode: 'edit',
    link: messageLink(message.guildId, message.channelId, message.id),
  });
  if (result.kind === 'ignore') return;
  try {
    const replyIds = await redeliver(
      rt,
      { channelId: previous.channelId, embeds: canEmbed(message.channel, me) },
      previous.replyIds,
      result.reply,
    );
    rt.answers.set(message.id, { ...previous, replyIds, source });
  } catch (err) {
    // The answer was deleted: leave it so, and forget it.
    if (err instanceof DeliveryError && err.failure.kind === 'gone') rt.answers.delete(message.id);
    else
      reportUndelivered(rt.log, 'an updated reply', err, { channel: message.channelId, message: message.id });
  }
}
