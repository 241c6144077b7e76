// `/crash <subcommand>`: the options become the text the shared command parser reads
// (`137 public`, `summary`, `listen on`, `summary on monday 09:00 Europe/Berlin`), and
// the bot's answer goes back ephemeral or public as the use case says. Changing a
// channel's settings needs Manage Channels; help is given in slash-command syntax.
import { type ChatInputCommandInteraction, PermissionFlagsBits } from 'discord.js';
import { noticeReply } from '../../../app/command-replies.js';
import type { Reply } from '../../../core/reply/model.js';
import { channelRef } from '../channel-ref.js';
import { SETTING_SUBCOMMANDS } from '../commands.js';
import { discordHelpReply, LISTENING_NEEDS_INTENT, needsManageChannels, withBlock } from '../notices.js';
import type { DiscordRuntime } from '../runtime.js';
import { type InteractionAnswer, respond } from './respond.js';

export type CrashPlan = { kind: 'answer'; answer: InteractionAnswer } | { kind: 'run'; text: string };

const KEYWORDS = /^(help|--help|summary|summaries|listen|listening)$/i;

const refuse = (reply: Reply): CrashPlan => ({ kind: 'answer', answer: { reply, ephemeral: true } });

/** What a /crash interaction asks, as the shared command text, or the answer when it asks nothing valid. */
export function planCrashCommand(i: ChatInputCommandInteraction): CrashPlan {
  const sub = i.options.getSubcommand(false) ?? 'help';
  if (
    SETTING_SUBCOMMANDS.includes(sub) &&
    i.inGuild() &&
    !i.memberPermissions.has(PermissionFlagsBits.ManageChannels)
  )
    return refuse(needsManageChannels());
  switch (sub) {
    case 'code': {
      const code = i.options.getString('code', true).trim();
      if (code === '' || KEYWORDS.test(code.split(/\s+/)[0] ?? ''))
        return refuse(noticeReply('That is not an exit code I can read', `Try \`/crash code code:137\`.`));
      return { kind: 'run', text: `${code}${i.options.getBoolean('public') ? ' public' : ''}` };
    }
    case 'summary':
      return { kind: 'run', text: 'summary' };
    case 'listen':
      return { kind: 'run', text: `listen ${i.options.getString('state', true)}` };
    case 'summaries': {
      const day = i.options.getString('day');
      const time = i.options.getString('time');
      const zone = i.options.getString('timezone');
      if ((day === null) !== (time === null) || (zone !== null && day === null))
        return refuse(
          noticeReply(
            'Give the day and the time together',
            'For example `day:monday time:09:00 timezone:Europe/Berlin`.',
          ),
        );
      const when = day && time ? ` ${day} ${time}${zone ? ` ${zone}` : ''}` : '';
      return { kind: 'run', text: `summary ${i.options.getString('state', true)}${when}` };
    }
    default:
      return refuse(discordHelpReply());
  }
}

/** Whether the answer will be private, known before the work is done (for a deferral). */
function expectEphemeral(i: ChatInputCommandInteraction): boolean {
  const sub = i.options.getSubcommand(false);
  if (sub === 'code') return !i.options.getBoolean('public');
  return !(sub !== null && SETTING_SUBCOMMANDS.includes(sub));
}

export async function onCrashCommand(rt: DiscordRuntime, i: ChatInputCommandInteraction): Promise<void> {
  const plan = planCrashCommand(i);
  await respond(
    rt,
    i,
    async () => {
      if (plan.kind === 'answer') return plan.answer;
      const outcome = await rt.bot.handleCommand(channelRef(i.guildId, i.channelId), i.user.id, plan.text);
      const reply =
        plan.text === 'listen on' && !rt.messageContent
          ? withBlock(outcome.reply, LISTENING_NEEDS_INTENT)
          : outcome.reply;
      return { reply, ephemeral: !outcome.public };
    },
    { ephemeral: plan.kind === 'answer' ? true : expectEphemeral(i) },
  );
}
