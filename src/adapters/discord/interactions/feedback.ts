// The "Fixed it" and "Wrong cause" buttons under a diagnosis: the vote is recorded by
// the shared use case and acknowledged to the voter alone.
import type { ButtonInteraction } from 'discord.js';
import { noticeReply } from '../../../app/command-replies.js';
import { channelRef } from '../channel-ref.js';
import type { ParsedCustomId } from '../render/components.js';
import type { DiscordRuntime } from '../runtime.js';
import { respond } from './respond.js';

export async function onFeedback(
  rt: DiscordRuntime,
  i: ButtonInteraction,
  button: Extract<ParsedCustomId, { ok: true }>,
): Promise<void> {
  const recordId = Number(button.value);
  await respond(
    rt,
    i,
    async () => {
      if (!Number.isSafeInteger(recordId) || recordId <= 0)
        return { reply: noticeReply('That button is out of date', 'Thanks anyway.'), ephemeral: true };
      const verdict = button.action === 'feedback-fixed' ? 'fixed' : 'wrong';
      const reply = await rt.bot.handleFeedback(
        recordId,
        channelRef(i.guildId, i.channelId),
        i.user.id,
        verdict,
      );
      return { reply, ephemeral: true };
    },
    { ephemeral: true },
  );
}
