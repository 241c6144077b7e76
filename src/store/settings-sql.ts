// Per-channel settings: listening on/off, weekly summary on/off, its weekday, time and
// time zone, and what an empty week posts. A channel without a row has the defaults.
import { type IsoWeekday, scheduleProblems } from '../core/schedule.js';
import type { Db, Row } from './db.js';
import { query } from './errors.js';
import type { ChannelRef, ChannelSettings, SettingsPatch, SettingsResult } from './types.js';

export function defaultSettings(channel: ChannelRef): ChannelSettings {
  return {
    channel,
    listening: false,
    summary: false,
    weekday: 1,
    time: '09:00',
    timeZone: null,
    emptyWeek: 'note',
    summarySince: null,
  };
}

const SELECT = `SELECT platform, workspace, channel, listening, summary, weekday, time, time_zone, empty_week, summary_since
  FROM channel_settings`;

function toSettings(r: Row): ChannelSettings {
  return {
    channel: { platform: String(r.platform), workspace: String(r.workspace), channel: String(r.channel) },
    listening: Number(r.listening) === 1,
    summary: Number(r.summary) === 1,
    weekday: Number(r.weekday) as IsoWeekday,
    time: String(r.time),
    timeZone: r.time_zone === null ? null : String(r.time_zone),
    emptyWeek: r.empty_week === 'skip' ? 'skip' : 'note',
    summarySince: r.summary_since === null ? null : new Date(Number(r.summary_since)),
  };
}

export async function getSettings(db: Db, c: ChannelRef): Promise<ChannelSettings> {
  const rows = await query('get settings', () =>
    db.all(`${SELECT} WHERE platform = ? AND workspace = ? AND channel = ?`, [
      c.platform,
      c.workspace,
      c.channel,
    ]),
  );
  return rows[0] ? toSettings(rows[0]) : defaultSettings(c);
}

export async function updateSettings(
  db: Db,
  c: ChannelRef,
  patch: SettingsPatch,
  now: Date,
): Promise<SettingsResult> {
  const current = await getSettings(db, c);
  const next: ChannelSettings = { ...current, ...patch, channel: c };
  const problems: { code: string; message: string }[] = scheduleProblems({
    weekday: next.weekday,
    time: next.time,
    timeZone: next.timeZone ?? 'UTC',
  });
  if (next.emptyWeek !== 'note' && next.emptyWeek !== 'skip')
    problems.push({ code: 'BAD_EMPTY_WEEK', message: 'emptyWeek must be note or skip' });
  if (problems.length) return { ok: false, problems };
  if (next.summary && !current.summary) next.summarySince = now;
  await query('update settings', () =>
    db.run(
      `INSERT INTO channel_settings
         (platform, workspace, channel, listening, summary, weekday, time, time_zone, empty_week, summary_since, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (platform, workspace, channel) DO UPDATE SET
         listening = excluded.listening, summary = excluded.summary, weekday = excluded.weekday, time = excluded.time,
         time_zone = excluded.time_zone, empty_week = excluded.empty_week, summary_since = excluded.summary_since,
         updated_at = excluded.updated_at`,
      [
        c.platform,
        c.workspace,
        c.channel,
        next.listening ? 1 : 0,
        next.summary ? 1 : 0,
        next.weekday,
        next.time,
        next.timeZone,
        next.emptyWeek,
        next.summarySince?.getTime() ?? null,
        now.getTime(),
      ],
    ),
  );
  return { ok: true, settings: next };
}

export async function listSummaryChannels(db: Db): Promise<ChannelSettings[]> {
  const rows = await query('list summary channels', () =>
    db.all(`${SELECT} WHERE summary = 1 ORDER BY platform, workspace, channel`),
  );
  return rows.map(toSettings);
}
