// The weekly summary job. Each tick, for every channel whose summary is on, it finds
// the latest scheduled run at or before now (so a run missed during downtime is caught
// up), claims (channel, week) in the store under a lease, posts, then marks it done.
// The claim lives in the database, so restarts and several instances sharing one
// PostgreSQL post each channel's week exactly once; an instance that dies mid-post
// leaves a lease that runs out, and another instance then posts.

import type { Reply } from '../../core/reply/model.js';
import { latestRun, type WeeklySchedule } from '../../core/schedule.js';
import type { ChannelRef, ChannelSettings, WeeklyPostPort } from './ports.js';

export interface Clock {
  now(): Date;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface SchedulerLogger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
}

export interface SchedulerDeps {
  store: WeeklyPostPort;
  clock: Clock;
  /** Builds the channel's summary of `week`; `empty` when the week had no crashes. */
  build(channel: ChannelRef, week: string, timeZone: string): Promise<{ reply: Reply; empty: boolean }>;
  /** Posts to the platform. `key` is stable per channel and week, for platforms that dedupe (Discord's nonce). */
  post(channel: ChannelRef, reply: Reply, key: string): Promise<void>;
  /** This instance's id, unique among instances sharing the store. */
  owner: string;
  defaultTimeZone: string;
  logger?: SchedulerLogger;
  /** How long a claim holds others off (default 10 minutes): longer than any post takes. */
  leaseMs?: number;
  /** Wait before retrying a failed post (default 5 minutes). */
  retryMs?: number;
  maxAttempts?: number;
  /** Time between ticks (default 60 s). */
  intervalMs?: number;
}

export type TickAction =
  | 'posted'
  | 'skipped-empty'
  | 'done'
  | 'held'
  | 'failed'
  | 'gave-up'
  | 'not-due'
  | 'lost';

export interface TickEntry {
  channel: ChannelRef;
  week: string;
  action: TickAction;
}

export interface SummaryScheduler {
  /** One pass over the channels. */
  tick(): Promise<TickEntry[]>;
  /** Ticks until `signal` aborts. */
  run(signal: AbortSignal): Promise<void>;
}

export function scheduleOf(s: ChannelSettings, defaultTimeZone: string): WeeklySchedule {
  return { weekday: s.weekday, time: s.time, timeZone: s.timeZone ?? defaultTimeZone };
}

export function postKey(c: ChannelRef, week: string): string {
  return `crashbot-summary:${c.platform}:${c.workspace}:${c.channel}:${week}`;
}

export function createSummaryScheduler(deps: SchedulerDeps): SummaryScheduler {
  const leaseMs = deps.leaseMs ?? 10 * 60_000;
  const retryMs = deps.retryMs ?? 5 * 60_000;
  const maxAttempts = deps.maxAttempts ?? 5;

  async function one(s: ChannelSettings): Promise<TickEntry> {
    const now = deps.clock.now();
    const schedule = scheduleOf(s, deps.defaultTimeZone);
    const due = latestRun(now, schedule);
    const entry = (action: TickAction): TickEntry => ({ channel: s.channel, week: due.summaryWeek, action });
    if (s.summarySince && due.at < s.summarySince) return entry('not-due');
    const claim = await deps.store.claimWeeklyPost({
      channel: s.channel,
      week: due.summaryWeek,
      owner: deps.owner,
      now,
      leaseMs,
      maxAttempts,
    });
    if (claim.status === 'done') return entry('done');
    if (claim.status === 'held') return entry('held');
    if (claim.status === 'gave-up') return entry('gave-up');
    try {
      const built = await deps.build(s.channel, due.summaryWeek, schedule.timeZone);
      const skip = built.empty && s.emptyWeek === 'skip';
      if (!skip) await deps.post(s.channel, built.reply, postKey(s.channel, due.summaryWeek));
      const kept = await deps.store.completeWeeklyPost(
        s.channel,
        due.summaryWeek,
        deps.owner,
        skip ? 'skipped' : 'posted',
        deps.clock.now(),
      );
      if (!kept)
        deps.logger?.warn('weekly summary claim was lost before completion', {
          ...s.channel,
          week: due.summaryWeek,
        });
      return entry(kept ? (skip ? 'skipped-empty' : 'posted') : 'lost');
    } catch (e) {
      deps.logger?.warn('weekly summary post failed; will retry', {
        ...s.channel,
        week: due.summaryWeek,
        attempt: claim.attempt,
        error: e instanceof Error ? e.message : String(e),
      });
      await deps.store.releaseWeeklyPost(
        s.channel,
        due.summaryWeek,
        deps.owner,
        new Date(now.getTime() + retryMs),
      );
      return entry('failed');
    }
  }

  async function tick(): Promise<TickEntry[]> {
    const channels = await deps.store.listSummaryChannels();
    const out: TickEntry[] = [];
    for (const s of channels) out.push(await one(s));
    for (const e of out)
      if (e.action === 'posted' || e.action === 'skipped-empty')
        deps.logger?.info(`weekly summary ${e.action}`, { ...e.channel, week: e.week });
    return out;
  }

  return {
    tick,
    async run(signal) {
      while (!signal.aborted) {
        try {
          await tick();
        } catch (e) {
          deps.logger?.warn('weekly summary tick failed', {
            error: e instanceof Error ? e.message : String(e),
          });
        }
        await deps.clock.sleep(deps.intervalMs ?? 60_000, signal);
      }
    },
  };
}
