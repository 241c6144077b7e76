// `/crash ...`, shared by Slack, Discord and the terminal chat: parsed once here.

export type CrashCommand =
  | { kind: 'help' }
  | { kind: 'exit-code'; code: string; public: boolean }
  | { kind: 'summary' }
  | { kind: 'summary-setting'; on: boolean; schedule?: { day: string; time: string; timezone?: string } }
  | { kind: 'listen'; on: boolean }
  | { kind: 'invalid'; message: string };

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export function parseCrashCommand(text: string): CrashCommand {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first || first === 'help' || first === '--help') return { kind: 'help' };
  const lower = first.toLowerCase();
  if (lower === 'summary' || lower === 'summaries') {
    if (rest.length === 0) return { kind: 'summary' };
    return summarySetting(rest);
  }
  if (lower === 'listen' || lower === 'listening') {
    const on = onOff(rest[0]);
    if (on === undefined || rest.length > 1)
      return { kind: 'invalid', message: 'use `/crash listen on` or `/crash listen off`' };
    return { kind: 'listen', on };
  }
  const isPublic = words.at(-1)?.toLowerCase() === 'public';
  // `code X` names the exit code explicitly (Discord's option), so any X is read as a code.
  const codeWords = lower === 'code' ? words.slice(1) : words;
  const code = (isPublic ? codeWords.slice(0, -1) : codeWords).join(' ');
  if (!code)
    return {
      kind: 'invalid',
      message: 'give an exit code, e.g. `/crash -1073740791` or `/crash 137 public`',
    };
  return { kind: 'exit-code', code, public: isPublic };
}

function summarySetting(rest: readonly string[]): CrashCommand {
  const on = onOff(rest[0]);
  const usage =
    'use `/crash summary on|off [DAY HH:MM [TIMEZONE]]`, e.g. `/crash summary on monday 09:00 Europe/Berlin`';
  if (on === undefined) return { kind: 'invalid', message: usage };
  if (rest.length === 1) return { kind: 'summary-setting', on };
  const [day, time, timezone, ...extra] = rest.slice(1);
  const d = day?.toLowerCase();
  if (d && !time)
    return {
      kind: 'invalid',
      message: 'give the day and the time together, e.g. `/crash summary on monday 09:00 Europe/Berlin`',
    };
  if (
    !d ||
    !DAYS.some((x) => x.startsWith(d) && d.length >= 3) ||
    !time ||
    !/^([01]?\d|2[0-3]):[0-5]\d$/.test(time) ||
    extra.length
  ) {
    return { kind: 'invalid', message: usage };
  }
  const fullDay = DAYS.find((x) => x.startsWith(d))!;
  return { kind: 'summary-setting', on, schedule: { day: fullDay, time, ...(timezone && { timezone }) } };
}

function onOff(word: string | undefined): boolean | undefined {
  const w = word?.toLowerCase();
  if (w === 'on' || w === 'enable' || w === 'yes') return true;
  if (w === 'off' || w === 'disable' || w === 'no') return false;
  return undefined;
}

export const CRASH_HELP = [
  '`/crash <exit code>`: decode an exit code (-1073740791, 3221226505, 0xC0000409, 137, -9, SIGKILL); add `public` to share the answer',
  "`/crash summary`: this channel's crashes this week",
  '`/crash summary on|off [DAY HH:MM [TIMEZONE]]`: the weekly summary for this channel',
  '`/crash listen on|off`: reply to pasted crash output without a mention',
  'Mention the bot with a pasted log or a log file to diagnose it.',
];
