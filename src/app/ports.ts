// What the chat use cases need from the crash store, as ports: src/store implements
// them (store depends on app, not the other way round).
import type { Limit, RateTake } from '../core/rate-limit.js';
import type { Diagnosis } from '../core/types.js';
import type { AlertStatePort } from './run/ports.js';
import type { ChannelRef, ChannelSettings, SummarySourcePort, WeeklyPostPort } from './summary/ports.js';

export type {
  ChannelRef,
  ChannelSettings,
  ClaimRequest,
  ClaimResult,
  EmptyWeek,
  SummarySourcePort,
  WeeklyPostPort,
} from './summary/ports.js';

/** Where a diagnosed message came from. The user id is hashed (salted) before it is stored. */
export interface MessageMeta {
  channel: ChannelRef;
  userId: string;
  at: Date;
  messageLink?: string;
  /**
   * The message was edited after it was answered: its earlier records in this channel
   * (same messageLink) are replaced, so an edit never counts as a second crash.
   */
  replacesEarlier?: boolean;
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

export type SettingsPatch = Partial<
  Pick<ChannelSettings, 'listening' | 'summary' | 'weekday' | 'time' | 'timeZone' | 'emptyWeek'>
>;

export type SettingsResult =
  | { ok: true; settings: ChannelSettings }
  | { ok: false; problems: { code: string; message: string }[] };

/**
 * What must hold across every instance sharing one store: an event is answered once
 * (deliveries are claimed), and abuse limits count every instance's answers.
 */
export interface EventGuardPort {
  /**
   * Claims `key` (an event id, a message id) for `ttlMs`: true for the first claimer,
   * false while the claim holds; an expired claim can be taken again. Also serves as
   * a cool-down: one claim per key per `ttlMs`.
   */
  claimDelivery(key: string, now: Date, ttlMs: number): Promise<boolean>;
  /**
   * Counts one request of `key` against `limit` unless it is over: 'ok' (counted),
   * 'notice' (over, and the first refusal in this window: say so once) or 'refused'.
   */
  takeRate(key: string, limit: Limit, now: Date): Promise<RateTake>;
}

export interface CrashStore extends SummarySourcePort, WeeklyPostPort, EventGuardPort, AlertStatePort {
  readonly kind: 'sqlite' | 'postgres';
  /** Builds the record from a diagnosis (user hashed, secrets redacted) and stores it. */
  recordDiagnosis(d: Diagnosis, meta: MessageMeta): Promise<CrashRecord>;
  /** Bulk insert of prepared records (imports, benchmarks); returns how many were stored. */
  insertRecords(records: readonly NewCrashRecord[]): Promise<number>;
  getRecord(id: number): Promise<CrashRecord | null>;
  /** Records of this channel with this fingerprint at or after `since`. */
  countSimilar(channel: ChannelRef, fingerprint: string, since: Date): Promise<number>;
  /** Channels known by this channel id (records or settings), on any platform or workspace. */
  findChannels(channelId: string): Promise<ChannelRef[]>;
  addFeedback(input: FeedbackInput): Promise<{ ok: true } | { ok: false; code: 'UNKNOWN_RECORD' }>;
  getSettings(channel: ChannelRef): Promise<ChannelSettings>;
  updateSettings(channel: ChannelRef, patch: SettingsPatch, now: Date): Promise<SettingsResult>;
  close(): Promise<void>;
}
