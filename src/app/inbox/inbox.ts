// The inbox: nothing acknowledged is lost. Slack never retries an event it got a 200
// for, and Discord does not send an event again to a new session, so an event is kept
// in the store from the moment it is taken until it is answered:
//
//   take(key, event)  -> the store claims the key for this handling (a fresh owner
//                        token) and keeps the event, redacted; 'held' or 'answered'
//                        when another handling has it or it is done
//   answered(key)     -> the claim becomes 'answered' and the event is deleted
//   (while working)   -> the leases of the events in hand are renewed
//   (every sweepMs)   -> events whose lease ran out (their instance died, or handed
//                        them back when it stopped) are taken over and handled again,
//                        on this instance, through `replay`
//   stop(boundMs)     -> no more sweeping; waits for the events in hand up to the
//                        bound, then hands the rest back (their leases end now)
//
// Exactly once holds as long as an instance does not stall past its lease between two
// renewals (the lease is 30 s, renewed every 10 s). If the store cannot be reached the
// event is handled anyway (and a warning logged): a duplicate answer is better than a
// lost one.
import { randomUUID } from 'node:crypto';
import type { DeliveryClaimsPort, DeliveryState } from '../ports.js';
import { type InboxEvent, parseInboxPayload, toInboxPayload } from './payload.js';

export interface InboxLogger {
  warn(message: string, data?: Record<string, unknown>): void;
  info?(message: string, data?: Record<string, unknown>): void;
}

export interface InboxTiming {
  /** How long a taker has before another instance may take its event over. */
  leaseMs: number;
  /** How often the leases in hand are renewed (a third of the lease). */
  renewMs: number;
  /** How often expired leases are looked for. */
  sweepMs: number;
  /** How long an answered key is remembered (a retry or replay within it is not answered again). */
  keepMs: number;
  /** Takes of one event before it is given up (an event that fails every time). */
  maxAttempts: number;
  /** Events taken over per sweep. */
  batch: number;
}

export const DEFAULT_INBOX_TIMING: InboxTiming = {
  leaseMs: 30_000,
  renewMs: 10_000,
  sweepMs: 5_000,
  keepMs: 60 * 60_000,
  maxAttempts: 5,
  batch: 50,
};

export interface InboxOptions<E extends InboxEvent> {
  store: DeliveryClaimsPort;
  /** The platforms this instance runs: only their events are taken over here. */
  platforms: readonly string[];
  /** Handles an event taken over from the store (the conversation's handler for its platform). */
  replay(event: E): Promise<void>;
  log: InboxLogger;
  now?: () => Date;
  timing?: Partial<InboxTiming>;
}

export interface Inbox<E extends InboxEvent> {
  /**
   * Claims `key`; with the event, keeps it until answered (without, an instance that
   * dies holding the key only blocks it for the lease). `keepMs`: how long the answered
   * key is remembered, when not the inbox's default.
   */
  take(key: string, event?: E, keepMs?: number): Promise<DeliveryState>;
  /** The work on `key` is done: replied to, or decided to stay quiet. */
  answered(key: string): Promise<void>;
  /** Starts renewing and sweeping (a first sweep at once). */
  start(): void;
  /** Stops sweeping; waits up to `boundMs` for the events in hand, then hands the rest back. */
  stop(boundMs: number): Promise<{ finished: number; handedBack: number }>;
  /** Runs one sweep now (tests); resolves with how many events it took over. */
  sweep(): Promise<number>;
  /** Events this instance has in hand. */
  readonly inHand: number;
}

export function createInbox<E extends InboxEvent>(o: InboxOptions<E>): Inbox<E> {
  const t = { ...DEFAULT_INBOX_TIMING, ...o.timing };
  const now = o.now ?? (() => new Date());
  /** Key -> the owner token of its handling here. */
  const hand = new Map<string, string>();
  /** Keys taken over by a sweep, waiting for their replay's take. */
  const replaying = new Map<string, string>();
  const waiters = new Set<() => void>();
  let renewTimer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<number> | null = null;
  let stopped = false;

  const settle = (key: string) => {
    hand.delete(key);
    if (hand.size === 0) for (const w of waiters) w();
  };

  const renew = async () => {
    if (hand.size === 0) return;
    const byOwner = new Map<string, string[]>();
    for (const [key, owner] of hand) byOwner.set(owner, [...(byOwner.get(owner) ?? []), key]);
    for (const [owner, keys] of byOwner) {
      try {
        const lost = await o.store.renewDeliveries(keys, owner, now(), t.leaseMs);
        for (const key of lost)
          if (hand.get(key) === owner)
            o.log.warn(
              'an event in hand was taken over by another instance (this one stalled past its lease)',
              {
                key,
              },
            );
      } catch (err) {
        o.log.warn('could not renew the leases of the events in hand', { error: (err as Error).message });
      }
    }
  };

  const sweepOnce = async (): Promise<number> => {
    const owner = randomUUID();
    let found: Awaited<ReturnType<DeliveryClaimsPort['takeOverExpired']>>;
    try {
      found = await o.store.takeOverExpired({
        owner,
        now: now(),
        leaseMs: t.leaseMs,
        platforms: o.platforms,
        limit: t.batch,
        maxAttempts: t.maxAttempts,
      });
    } catch (err) {
      o.log.warn('could not look for events left unanswered', { error: (err as Error).message });
      return 0;
    }
    if (found.gaveUp > 0)
      o.log.warn(`gave up ${found.gaveUp} event(s) after ${t.maxAttempts} attempts each`, {
        gaveUp: found.gaveUp,
      });
    for (const taken of found.taken) {
      const parsed = parseInboxPayload<E>(taken.payload);
      if (!parsed) {
        o.log.warn('an event in the inbox could not be read; dropped', { attempts: taken.attempts });
        continue;
      }
      o.log.info?.('answering an event left unanswered', {
        key: parsed.key,
        attempt: taken.attempts,
        since: taken.since.toISOString(),
      });
      replaying.set(parsed.key, owner);
      hand.set(parsed.key, owner);
      void o
        .replay(parsed.event)
        .catch((err: unknown) =>
          o.log.warn('answering an event left unanswered failed', { error: String(err) }),
        )
        .finally(() => {
          replaying.delete(parsed.key);
          // Not answered: the lease runs out and a later sweep tries again (up to maxAttempts).
          if (hand.get(parsed.key) === owner) settle(parsed.key);
        });
    }
    return found.taken.length;
  };

  const sweep = () => {
    sweeping ??= sweepOnce().finally(() => {
      sweeping = null;
    });
    return sweeping;
  };

  return {
    async take(key, event, keepMs) {
      const replayOwner = replaying.get(key);
      if (replayOwner) replaying.delete(key);
      else if (hand.has(key)) return 'held';
      const owner = replayOwner ?? randomUUID();
      let state: DeliveryState;
      try {
        state = await o.store.takeDelivery({
          key,
          owner,
          now: now(),
          leaseMs: t.leaseMs,
          keepMs: keepMs ?? t.keepMs,
          ...(event && { payload: toInboxPayload(key, event), platform: event.place.platform }),
        });
      } catch (err) {
        o.log.warn('could not claim an event in the store; handling it', { error: (err as Error).message });
        return 'taken';
      }
      if (state === 'taken') hand.set(key, owner);
      return state;
    },

    async answered(key) {
      const owner = hand.get(key);
      if (!owner) return;
      try {
        const ok = await o.store.answerDelivery(key, owner, now(), t.keepMs);
        if (!ok) o.log.warn('answered an event another instance had taken over', { key });
      } catch (err) {
        o.log.warn('could not mark an event answered; it may be answered again', {
          key,
          error: (err as Error).message,
        });
      } finally {
        settle(key);
      }
    },

    start() {
      if (stopped || renewTimer) return;
      renewTimer = setInterval(() => void renew(), t.renewMs);
      sweepTimer = setInterval(() => void sweep(), t.sweepMs);
      renewTimer.unref();
      sweepTimer.unref();
      void sweep();
    },

    async stop(boundMs) {
      stopped = true;
      clearInterval(sweepTimer);
      await sweeping;
      const before = hand.size;
      if (hand.size > 0) {
        let done = () => {};
        const idle = new Promise<void>((resolve) => {
          done = resolve;
          waiters.add(resolve);
        });
        const timer = setTimeout(done, boundMs);
        await idle;
        clearTimeout(timer);
        waiters.delete(done);
      }
      clearInterval(renewTimer);
      const left = [...hand];
      let handedBack = 0;
      const byOwner = new Map<string, string[]>();
      for (const [key, owner] of left) byOwner.set(owner, [...(byOwner.get(owner) ?? []), key]);
      for (const [owner, keys] of byOwner) {
        try {
          handedBack += await o.store.releaseDeliveries(keys, owner, now());
        } catch (err) {
          o.log.warn('could not hand events back; they are taken over when their lease runs out', {
            error: (err as Error).message,
          });
        }
      }
      hand.clear();
      return { finished: before - left.length, handedBack };
    },

    sweep,

    get inHand() {
      return hand.size;
    },
  };
}
