// INTERACTION_CREATE -> the handler for it: /crash, "Diagnose crash", or a feedback
// button. Anything else (another app's buttons, commands not ours) is left alone.
// Every session of the bot gets the interaction: only the instance that claims it in
// the store answers, and one stamped in the future is refused.
import type { Interaction } from 'discord.js';
import { CRASH_COMMAND, DIAGNOSE_COMMAND } from '../commands.js';
import { firstClaim, refusedStamp } from '../once.js';
import { parseCustomId } from '../render/components.js';
import type { DiscordRuntime } from '../runtime.js';
import { onCrashCommand } from './crash-command.js';
import { onDiagnoseCrash } from './diagnose-crash.js';
import { onFeedback } from './feedback.js';

export async function onInteraction(rt: DiscordRuntime, i: Interaction): Promise<void> {
  if (!ours(i) || refusedStamp(rt, 'an interaction', i.id)) return;
  if (!(await firstClaim(rt, `interaction:${i.id}`))) return;
  if (i.isChatInputCommand() && i.commandName === CRASH_COMMAND) return onCrashCommand(rt, i);
  if (i.isMessageContextMenuCommand() && i.commandName === DIAGNOSE_COMMAND) return onDiagnoseCrash(rt, i);
  if (i.isButton()) {
    const button = parseCustomId(i.customId);
    if (button.ok) return onFeedback(rt, i, button);
  }
}

function ours(i: Interaction): boolean {
  if (i.isChatInputCommand()) return i.commandName === CRASH_COMMAND;
  if (i.isMessageContextMenuCommand()) return i.commandName === DIAGNOSE_COMMAND;
  return i.isButton() && parseCustomId(i.customId).ok;
}
