// Answering an interaction within Discord's 3-second window. The work starts at once;
// if it is not done within `deferAfterMs` the interaction is deferred ("thinking...")
// and the answer edits that in. Most answers take one call; slow ones (a file to
// download, a busy database) never miss the window. Parts beyond the first go out as
// follow-ups. If Discord no longer takes the answer, a public one is posted in the
// channel instead, so a diagnosis is never lost.
import {
  type InteractionEditReplyOptions,
  type InteractionReplyOptions,
  MessageFlags,
  type RepliableInteraction,
} from 'discord.js';
import { noticeReply } from '../../../app/command-replies.js';
import type { Reply } from '../../../core/reply/model.js';
import { deliver, reportUndelivered } from '../deliver.js';
import { classify } from '../delivery-errors.js';
import { canEmbed } from '../permissions.js';
import { type DiscordMessage, renderReply } from '../render/index.js';
import { botId, type DiscordRuntime } from '../runtime.js';

export interface InteractionAnswer {
  reply: Reply;
  /** Only the person who asked sees it. */
  ephemeral: boolean;
}

function edit(m: DiscordMessage): InteractionEditReplyOptions & InteractionReplyOptions {
  return {
    ...(m.content !== undefined && { content: m.content }),
    embeds: m.embeds,
    components: m.components,
    files: m.files.map((f) => ({ attachment: Buffer.from(f.data), name: f.name, description: f.alt })),
    allowedMentions: { parse: [] },
  };
}

function payload(m: DiscordMessage, ephemeral: boolean): InteractionReplyOptions {
  return { ...edit(m), ...(ephemeral && { flags: MessageFlags.Ephemeral as const }) };
}

export async function respond(
  rt: DiscordRuntime,
  interaction: RepliableInteraction,
  work: () => Promise<InteractionAnswer>,
  expected: { ephemeral: boolean },
): Promise<void> {
  let deferral: Promise<boolean> | null = null;
  const timer = setTimeout(() => {
    deferral = interaction
      .deferReply(expected.ephemeral ? { flags: MessageFlags.Ephemeral } : {})
      .then(() => true)
      .catch((err: unknown) => {
        reportUndelivered(rt.log, 'a deferral', err, { interaction: interaction.id });
        return false;
      });
  }, rt.deferAfterMs);
  let answer: InteractionAnswer;
  try {
    answer = await work();
  } catch (err) {
    rt.log.warn('an interaction failed', { interaction: interaction.id, error: (err as Error).message });
    answer = {
      reply: noticeReply('Something went wrong', 'The error was logged. Please try again.'),
      ephemeral: true,
    };
  } finally {
    clearTimeout(timer);
  }
  const deferred = deferral as Promise<boolean> | null;
  const ephemeral = deferred ? expected.ephemeral : answer.ephemeral;
  const messages = renderReply(answer.reply, { embeds: true });
  let sent = 0;
  try {
    if (deferred && !(await deferred)) throw new Error('the interaction could not be deferred');
    if (deferred) await interaction.editReply(edit(messages[0]!));
    else await interaction.reply(payload(messages[0]!, ephemeral));
    sent++;
    for (const m of messages.slice(1)) {
      await interaction.followUp(payload(m, ephemeral));
      sent++;
    }
  } catch (err) {
    if (sent > 0)
      reportUndelivered(rt.log, `part ${sent + 1} of an answer`, err, { interaction: interaction.id });
    else await fallBack(rt, interaction, answer, ephemeral, err);
  }
}

/** Discord did not take the answer: a public one goes to the channel, a private one is logged. */
async function fallBack(
  rt: DiscordRuntime,
  interaction: RepliableInteraction,
  answer: InteractionAnswer,
  ephemeral: boolean,
  err: unknown,
): Promise<void> {
  const failure = classify(err);
  const me = botId(rt);
  if (ephemeral || !interaction.channelId || !me) {
    reportUndelivered(rt.log, 'an interaction answer', err, {
      interaction: interaction.id,
      kind: failure.kind,
    });
    return;
  }
  try {
    await deliver(
      rt,
      { channelId: interaction.channelId, embeds: canEmbed(interaction.channel, me) },
      answer.reply,
    );
    rt.log.info('interaction answer posted in the channel instead', {
      interaction: interaction.id,
      code: failure.code,
    });
  } catch (again) {
    reportUndelivered(rt.log, 'an interaction answer', again, { interaction: interaction.id });
  }
}
