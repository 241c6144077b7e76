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
  /**
   * The record this one stands for (a thread's first log read again with a follow-up): it
   * is replaced, so the thread stays one crash.
   */
  replacesRecord?: number;
}

/** A row of crash_records before it has an id. Every text field is already redacted. */
export interface NewCrashRecord {
  channel: ChannelRef;
  userHash: string;
  at: Date;
  fingerprint: string;
  /** The fingerprint an earlier algorithm gives this crash (fp1), so older records still match; null when unknown. */
  earlierFingerprint?: string | null;
  signature: string | null;
  topCause: string;
  causeIds: string[];
  confidence: number;
  framework: string | null;
  exitCode: string | null;
  versions: Record<string, string>;
  messageLink: string | null;
}

export interface CrashRecord extends NewCrashRecord {
  id: number;
}

export type FeedbackVerdict = 'fixed' | 'wrong';

/** A reply to the same crash that someone marked "Fixed it". */
export interface FixedBefore {
  /** When "Fixed it" was pressed. */
  at: Date;
  /** The link to the message that reply answered, where what was done can be read. */
  link: string | null;
}

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

/** Where an acknowledged event stands in the store's inbox (see DeliveryClaimsPort). */
export type DeliveryState = 'taken' | 'held' | 'answered';

export interface DeliveryTake {
  /** The event's key (an event id, a message id); kept only as a keyed hash. */
  key: string;
  /** This handling of it: a fresh random token per take (not per instance). */
  owner: string;
  now: Date;
  /** How long the taker has before another instance may take the event over. */
  leaseMs: number;
  /** How long an answered key is remembered (a retry or replay within it is 'answered'). */
  keepMs: number;
  /** The event itself (plain, serialised), kept until it is answered so another instance can answer it. */
  payload?: string;
  /** The chat platform, so an instance only takes over events of the platforms it runs. */
  platform?: string;
}

/** An event whose taker's lease ran out, now taken over by the caller. */
export interface TakenOver {
  payload: string;
  /** How many times it has been taken, this one included. */
  attempts: number;
  /** When it was first taken. */
  since: Date;
}

/**
 * Claims with states and a lease, and the inbox of acknowledged events: an event is
 * `taken` (by one handling, for a lease that the taker renews while it works) and then
 * `answered`. One whose taker died or handed it back is taken over by a live instance
 * once the lease has run out, and answered there: exactly once as long as no taker
 * outlives its lease without renewing it.
 */
export interface DeliveryClaimsPort {
  /**
   * 'taken': the caller handles it (first take, an expired lease taken over, or the same
   * owner asking again); 'held': another handling holds a live lease; 'answered': done.
   */
  takeDelivery(take: DeliveryTake): Promise<DeliveryState>;
  /** Extends the lease of the owner's taken keys; returns the keys it no longer holds. */
  renewDeliveries(keys: readonly string[], owner: string, now: Date, leaseMs: number): Promise<string[]>;
  /** Marks the key answered and forgets its payload; false when the owner no longer held it. */
  answerDelivery(key: string, owner: string, now: Date, keepMs: number): Promise<boolean>;
  /** Hands the owner's taken keys back: their leases end now, so another handling takes them at once. */
  releaseDeliveries(keys: readonly string[], owner: string, now: Date): Promise<number>;
  /**
   * Takes over up to `limit` events of `platforms` whose lease has run out and that were
   * taken fewer than `maxAttempts` times; those taken `maxAttempts` times are given up
   * (answered without a reply, payload dropped) and counted in `gaveUp`. Also deletes
   * the rows past keeping.
   */
  takeOverExpired(o: {
    owner: string;
    now: Date;
    leaseMs: number;
    platforms: readonly string[];
    limit: number;
    maxAttempts: number;
  }): Promise<{ taken: TakenOver[]; gaveUp: number }>;
  /** Events taken and not yet answered (the inbox's size), for metrics and tests. */
  pendingDeliveries(): Promise<number>;
}

/**
 * The conversations the bot answered, so a later message in one (a thread reply, a reply
 * to the answer) is read with it, on every instance and after a restart. A thread's
 * state is the pipeline's plain data (where the answer is, and its texts redacted and
 * bounded by the pipeline before they get here); it is found by the thread's key or by
 * any of its aliases (the answer's messages), both stored as keyed hashes, and kept
 * until its time is up.
 */
export interface ThreadStorePort {
  /** Keeps `state` for `thread` (in place of any earlier one), found also by each alias, until `until`. */
  keepThread(t: {
    thread: string;
    state: string;
    aliases: readonly string[];
    now: Date;
    until: Date;
  }): Promise<void>;
  /** The live state of the thread whose key or alias is `key`, if any. */
  findThread(key: string, now: Date): Promise<{ thread: string; state: string } | null>;
}

export interface CrashStore
  extends SummarySourcePort,
    ThreadStorePort,
    WeeklyPostPort,
    EventGuardPort,
    AlertStatePort,
    DeliveryClaimsPort {
  readonly kind: 'sqlite' | 'postgres';
  /** Builds the record from a diagnosis (user hashed, secrets redacted) and stores it. */
  recordDiagnosis(d: Diagnosis, meta: MessageMeta): Promise<CrashRecord>;
  /** Bulk insert of prepared records (imports, benchmarks); returns how many were stored. */
  insertRecords(records: readonly NewCrashRecord[]): Promise<number>;
  getRecord(id: number): Promise<CrashRecord | null>;
  /**
   * Records of this channel with this fingerprint at or after `since`. Several
   * fingerprints (a crash's current one and its earlier ones) count records under any.
   */
  countSimilar(channel: ChannelRef, fingerprint: string | readonly string[], since: Date): Promise<number>;
  /**
   * The latest time someone pressed "Fixed it" on a reply to this crash in this channel
   * (records under any of `fingerprint`), and the link to that message; null when never.
   */
  lastFixed(channel: ChannelRef, fingerprint: string | readonly string[]): Promise<FixedBefore | null>;
  /** Channels known by this channel id (records or settings), on any platform or workspace. */
  findChannels(channelId: string): Promise<ChannelRef[]>;
  addFeedback(input: FeedbackInput): Promise<{ ok: true } | { ok: false; code: 'UNKNOWN_RECORD' }>;
  getSettings(channel: ChannelRef): Promise<ChannelSettings>;
  updateSettings(channel: ChannelRef, patch: SettingsPatch, now: Date): Promise<SettingsResult>;
  close(): Promise<void>;
}
