// `/crash listen on|off` and `/crash summary on|off [DAY HH:MM [TZ]]`: a channel's settings.
import type { Reply } from '../core/reply/model.js';
import type { IsoWeekday } from '../core/schedule.js';
import { noticeReply } from './command-replies.js';
import type { CrashCommand } from './crash-command.js';
import type { ChannelRef, CrashStore, SettingsPatch } from './ports.js';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export interface SettingsReplyDeps {
  store: Pick<CrashStore, 'updateSettings'>;
  now: () => Date;
  timezone: string;
  /** How the surface answers a message: in its thread, or with a reply to it. */
  replies: 'thread' | 'reply';
}

export async function settingsCommandReply(
  deps: SettingsReplyDeps,
  channel: ChannelRef,
  cmd: Extract<CrashCommand, { kind: 'listen' | 'summary-setting' }>,
): Promise<Reply> {
  const patch: SettingsPatch = cmd.kind === 'listen' ? { listening: cmd.on } : summaryPatch(cmd);
  const result = await deps.store.updateSettings(channel, patch, deps.now());
  if (!result.ok) {
    return noticeReply('Settings not changed', result.problems.map((p) => p.message).join('; '));
  }
  const s = result.settings;
  if (cmd.kind === 'listen') {
    return cmd.on
      ? noticeReply(
          'Listening is on in this channel',
          `I will ${deps.replies === 'thread' ? 'reply in a thread' : 'reply'} to pasted crash output (tracebacks, CUDA errors, exit codes), and stay quiet on ordinary talk.`,
        )
      : noticeReply('Listening is off in this channel', 'I reply only when mentioned.');
  }
  if (!s.summary)
    return noticeReply('Weekly summary is off in this channel', 'Turn it on with `/crash summary on`.');
  const day = WEEKDAYS[s.weekday - 1] ?? 'monday';
  return noticeReply(
    'Weekly summary is on in this channel',
    `Every ${day[0]!.toUpperCase()}${day.slice(1)} at ${s.time} (${s.timeZone ?? deps.timezone}), covering the week before.`,
  );
}

function summaryPatch(cmd: Extract<CrashCommand, { kind: 'summary-setting' }>): SettingsPatch {
  const patch: SettingsPatch = { summary: cmd.on };
  if (cmd.schedule) {
    patch.weekday = (WEEKDAYS.indexOf(cmd.schedule.day) + 1) as IsoWeekday;
    patch.time = cmd.schedule.time.padStart(5, '0');
    if (cmd.schedule.timezone) patch.timeZone = cmd.schedule.timezone;
  }
  return patch;
}
