// The crash store: one small interface, two implementations (SQLite by default,
// PostgreSQL when several instances share one store). Every method is async so both
// fit; every time is passed in (the store reads no clock).
import type { IsoWeekday } from '../core/schedule.js';
import type { SummarySource } from '../core/summary/types.js';
import type { Diagnosis } from '../core/types.js';

/** A channel on a platform: `slack`/`T0123`/`C0456`, `discord`/guild/channel, `terminal`/`local`/`local`. */
export interface ChannelRef {
  readonly platform: string;
  readonly workspace: string;
  readonly channel: string;
}

/** Where a diagnosed message came from. The user id is hashed (salted) before it is stored. */
export interface MessageMeta {
  channel: ChannelRef;
  userId: string;
  at: Date;
  messageLink?: string;
  /** The pasted text; stored (redacted) only when the store is opened with storeRawLogs. */
  rawLog?: string;
}

/** A row of crash_records before it has an id. Every text field is already redacted. */
export interface NewCrashRecord {
  channel: ChannelRef;
  userHash: string;
  at: Date;
  fingerprint: string;
  signature: string | null;
  topCause: string;
  causeIds: string[];
  confidence: number;
  framework: string | null;
  exitCode: string | null;
  versions: Record<string, string>;
  messageLink: string | null;
  rawLog: string | null;
}

export interface CrashRecord extends NewCrashRecord {
  id: number;
}

export type FeedbackVerdict = 'fixed' | 'wrong';

export interface FeedbackInput {
  recordId: number;
  channel: ChannelRef;
  userId: string;
  verdict: FeedbackVerdict;
  at: Date;
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

export type SettingsPatch = Partial<
  Pick<ChannelSettings, 'listening' | 'summary' | 'weekday' | 'time' | 'timeZone' | 'emptyWeek'>
>;

export type SettingsResult =
  | { ok: true; settings: ChannelSettings }
  | { ok: false; problems: { code: string; message: string }[] };

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

export interface CrashStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Builds the record from a diagnosis (user hashed, secrets redacted) and stores it. */
  recordDiagnosis(d: Diagnosis, meta: MessageMeta): Promise<CrashRecord>;
  /** Bulk insert of prepared records (imports, benchmarks); returns how many were stored. */
  insertRecords(records: readonly NewCrashRecord[]): Promise<number>;
  getRecord(id: number): Promise<CrashRecord | null>;
  /** Records of this channel with this fingerprint at or after `since`. */
  countSimilar(channel: ChannelRef, fingerprint: string, since: Date): Promise<number>;
  /** What the weekly summary of [start, end) needs; `previousStart` opens the week before. */
  summarySource(
    channel: ChannelRef,
    range: { previousStart: Date; start: Date; end: Date },
  ): Promise<SummarySource>;
  /** Channels known by this channel id (records or settings), on any platform or workspace. */
  findChannels(channelId: string): Promise<ChannelRef[]>;
  addFeedback(input: FeedbackInput): Promise<{ ok: true } | { ok: false; code: 'UNKNOWN_RECORD' }>;
  getSettings(channel: ChannelRef): Promise<ChannelSettings>;
  updateSettings(channel: ChannelRef, patch: SettingsPatch, now: Date): Promise<SettingsResult>;
  /** Every channel whose weekly summary is on. */
  listSummaryChannels(): Promise<ChannelSettings[]>;
  /** Claims the weekly post of (channel, week) for `owner` under a lease; exactly one instance wins. */
  claimWeeklyPost(req: ClaimRequest): Promise<ClaimResult>;
  /** Marks a claimed post done; false when the claim was lost (lease expired and taken). */
  completeWeeklyPost(
    channel: ChannelRef,
    week: string,
    owner: string,
    outcome: 'posted' | 'skipped',
    now: Date,
  ): Promise<boolean>;
  /** Gives a claim back after a failed post so it is retried once `retryAt` has passed. */
  releaseWeeklyPost(channel: ChannelRef, week: string, owner: string, retryAt: Date): Promise<boolean>;
  close(): Promise<void>;
}
