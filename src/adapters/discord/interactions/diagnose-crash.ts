// The "Diagnose crash" message context-menu command: diagnoses someone's message (its
// text and log files) and answers in the channel, counted as that author's crash.
// Message commands carry the message's content without the Message Content intent.
import type { MessageContextMenuCommandInteraction } from 'discord.js';
import { noticeReply } from '../../../app/command-replies.js';
import { channelRef, messageLink } from '../channel-ref.js';
import { diagnoseRequest } from '../diagnose.js';
import { attachmentInfos, withoutBotMention } from '../message-input.js';
import { botId, type DiscordRuntime } from '../runtime.js';
import { type InteractionAnswer, respond } from './respond.js';

const nothing = (): InteractionAnswer => ({
  reply: noticeReply('Nothing to diagnose', 'That message has no text or log file I can read.'),
  ephemeral: true,
});

export async function onDiagnoseCrash(
  rt: DiscordRuntime,
  i: MessageContextMenuCommandInteraction,
): Promise<void> {
  const target = i.targetMessage;
  const me = botId(rt) ?? '';
  await respond(
    rt,
    i,
    async () => {
      if (target.author.id === me)
        return {
          reply: noticeReply('That is my own message', 'Pick the message with the log.'),
          ephemeral: true,
        };
      const text = withoutBotMention(target.content, me, []);
      const attachments = attachmentInfos(target.attachments);
      if (text === '' && attachments.length === 0) return nothing();
      const result = await diagnoseRequest(rt, {
        channel: channelRef(i.guildId, i.channelId),
        userId: target.author.id,
        text,
        attachments,
        mode: 'shortcut',
        link: messageLink(i.guildId, i.channelId, target.id),
      });
      return result.kind === 'reply' ? { reply: result.reply, ephemeral: false } : nothing();
    },
    { ephemeral: false },
  );
}
