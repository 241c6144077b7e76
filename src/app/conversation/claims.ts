// Claim-once: of all the instances that see an event (Discord sends every event to
// every session, Slack retries a delivery it thinks was missed, a signed request can be
// replayed), one handles it. Two steps, so a store with leases can hand an event whose
// instance died to another one: `take` before the work, `answered` after it.
//
// The store-backed port below maps them onto the store's delivery claims (one upsert
// that only the first claimer wins, src/store/events-sql.ts): `take` claims the key
// for the lease, and `answered` is remembered here, in memory, so this instance
// answers `answered` for its own keys and `held` for any key another instance holds.
// A store with claim states (taken / answered) and lease take-over can implement the
// same port without the pipeline changing. If the store cannot be reached the event is
// handled (and a warning logged): a duplicate answer is better than a lost one.
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger.js';
import type { EventGuardPort } from '../ports.js';
import type { Incoming } from './incoming.js';

export type ClaimState = 'taken' | 'held' | 'answered';

export interface ClaimPort {
  /**
   * Claims `key` for `leaseMs`: 'taken' (handle it), 'held' (another holds it), 'answered'
   * (done already). `event` is the Incoming being claimed (plain data), for a port that
   * keeps it until it is answered so another instance can handle it after a crash.
   */
  take(key: string, now: Date, leaseMs: number, event?: Incoming): Promise<ClaimState>;
  /** The work on `key` is done (replied to, or decided to stay quiet). */
  answered(key: string, now: Date): Promise<void>;
}

export interface StoreClaimsOptions {
  /** How many keys this instance remembers. */
  remember?: number;
  log: Logger;
}

export function storeClaims(store: Pick<EventGuardPort, 'claimDelivery'>, o: StoreClaimsOptions): ClaimPort {
  const mine = new LRUCache<string, 'taken' | 'answered'>({ max: o.remember ?? 20_000 });
  return {
    async take(key, now, leaseMs) {
      const known = mine.get(key);
      if (known) return known === 'answered' ? 'answered' : 'held';
      let won: boolean;
      try {
        won = await store.claimDelivery(key, now, leaseMs);
      } catch (err) {
        o.log.warn('could not claim an event in the store; handling it', { error: (err as Error).message });
        won = true;
      }
      if (!won) return 'held';
      mine.set(key, 'taken');
      return 'taken';
    },
    async answered(key) {
      mine.set(key, 'answered');
    },
  };
}

/** Claims held in memory only: one instance, no store (the terminal chat, tests). */
export function memoryClaims(remember = 20_000): ClaimPort {
  const seen = new LRUCache<string, ClaimState>({ max: remember });
  return {
    async take(key) {
      const known = seen.get(key);
      if (known) return known === 'answered' ? 'answered' : 'held';
      seen.set(key, 'taken');
      return 'taken';
    },
    async answered(key) {
      seen.set(key, 'answered');
    },
  };
}
