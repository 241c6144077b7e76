// What the weekly summary jobs need from a store, as ports: the store implements them
// (src/store depends on app, not the other way round). A CrashStore satisfies both.
import type { IsoWeekday } from '../../core/schedule.js';
import type { SummarySource } from '../../core/summary/types.js';

/** A channel on a platform: `slack`/`T0123`/`C0456`, `discord`/guild/channel, `terminal`/`local`/`local`. */
export interface ChannelRef {
  readonly platform: string;
  readonly workspace: string;
  readonly channel: string;
}

export type EmptyWeek = 'note' | 'skip';

export interface ChannelSettings {
  channel: ChannelRef;
  /** Reply to crash output posted without a mention. */
  listening: boolean;
  /** Post the weekly summary. */
  summary: boolean;
  weekday: IsoWeekday;
  time: string;
  /** null: the configured default time zone. */
  timeZone: string | null;
  /** What an empty week posts: a one-line note, or nothing. */
  emptyWeek: EmptyWeek;
  /** When the summary was last switched on; runs before it are not caught up. */
  summarySince: Date | null;
}

/** The outcome of trying to claim a channel's weekly post. */
export type ClaimResult =
  | { status: 'claimed'; attempt: number }
  | { status: 'held'; owner: string; leaseUntil: Date }
  | { status: 'done'; outcome: 'posted' | 'skipped'; at: Date }
  | { status: 'gave-up'; attempts: number };

export interface ClaimRequest {
  channel: ChannelRef;
  week: string;
  /** This instance's id. */
  owner: string;
  now: Date;
  leaseMs: number;
  /** After this many failed attempts the week is given up. */
  maxAttempts: number;
}

/** Reads what a weekly summary is computed from. */
export interface SummarySourcePort {
  summarySource(
    channel: ChannelRef,
    range: { previousStart: Date; start: Date; end: Date },
  ): Promise<SummarySource>;
}

/** The channels to post to and the exactly-once claim on each channel's week. */
export interface WeeklyPostPort {
  listSummaryChannels(): Promise<ChannelSettings[]>;
  claimWeeklyPost(req: ClaimRequest): Promise<ClaimResult>;
  completeWeeklyPost(
    channel: ChannelRef,
    week: string,
    owner: string,
    outcome: 'posted' | 'skipped',
    now: Date,
  ): Promise<boolean>;
  releaseWeeklyPost(channel: ChannelRef, week: string, owner: string, retryAt: Date): Promise<boolean>;
}
