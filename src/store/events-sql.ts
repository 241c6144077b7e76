// What several instances on one database must agree on, one statement each:
// - a delivery (an event id, a message id) is claimed by a single upsert that only
//   takes a row over once its claim has expired, so of many instances racing for one
//   key exactly one wins (and a claim's own statement, run again after a lost
//   connection, still wins: each claim carries a nonce);
// - an abuse-limit counter per key and fixed window is incremented by an upsert that
//   only counts while under the allowance, and the one polite notice per window is a
//   flag only one refusal can set.
// Keys are stored as a keyed hash (the store's salt): no user or channel id in clear,
// and every key the same short length whatever the caller passes. Expired rows are
// deleted now and then, by whichever instance comes by.
import { createHmac, randomUUID } from 'node:crypto';
import { allowance, type Limit, type RateTake, rateWindow, retryAfterMs } from '../core/rate-limit.js';
import type { Db } from './db.js';
import { query } from './errors.js';
import type { EventGuardPort } from './types.js';

export interface EventGuardOptions {
  salt: string;
  /** How often expired rows are deleted, at most (by this instance). */
  pruneEveryMs?: number;
}

export function createEventGuard(db: Db, opts: EventGuardOptions): EventGuardPort {
  const pruneEveryMs = opts.pruneEveryMs ?? 60_000;
  let lastPrune = Number.NEGATIVE_INFINITY;
  const hashed = (key: string) => createHmac('sha256', opts.salt).update(key).digest('base64url');

  const prune = async (nowMs: number) => {
    if (nowMs - lastPrune < pruneEveryMs) return;
    lastPrune = nowMs;
    try {
      await db.run(`DELETE FROM handled_deliveries WHERE expires_at <= ?`, [nowMs]);
      await db.run(`DELETE FROM rate_counters WHERE expires_at <= ?`, [nowMs]);
    } catch {
      // Pruning is housekeeping: the next one tries again.
    }
  };

  return {
    async claimDelivery(key, now, ttlMs) {
      const nowMs = now.getTime();
      await prune(nowMs);
      const until = nowMs + Math.max(1, Number.isFinite(ttlMs) ? ttlMs : 1);
      const won = await query('claim a delivery', () =>
        db.all(
          `INSERT INTO handled_deliveries (key, claim, expires_at) VALUES (?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET claim = excluded.claim, expires_at = excluded.expires_at
           WHERE handled_deliveries.expires_at <= ? OR handled_deliveries.claim = excluded.claim
           RETURNING expires_at`,
          [hashed(key), randomUUID(), until, nowMs],
        ),
      );
      return won.length > 0;
    },

    async takeRate(key, limit, now) {
      if (!(limit.max > 0)) return { verdict: 'ok', retryAfterMs: 0 };
      const nowMs = now.getTime();
      await prune(nowMs);
      return takeRate(db, hashed(key), limit, nowMs);
    },
  };
}

async function takeRate(db: Db, key: string, limit: Limit, nowMs: number): Promise<RateTake> {
  const win = rateWindow(limit, nowMs);
  const rows = await query('read rate counters', () =>
    db.all(`SELECT window_start, count FROM rate_counters WHERE key = ? AND window_start IN (?, ?)`, [
      key,
      win.previous,
      win.start,
    ]),
  );
  const countOf = (start: number) => Number(rows.find((r) => Number(r.window_start) === start)?.count ?? 0);
  // The previous window is closed, so reading it apart from the upsert below is safe.
  const previous = countOf(win.previous);
  const current = countOf(win.start);
  const allowed = allowance(limit, win, previous);
  const expiresAt = win.start + 2 * limit.windowMs;
  if (current < allowed) {
    const took = await query('count a request', () =>
      db.all(
        `INSERT INTO rate_counters (key, window_start, count, noticed, expires_at) VALUES (?, ?, 1, 0, ?)
         ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1
         WHERE rate_counters.count < ?
         RETURNING count`,
        [key, win.start, expiresAt, allowed],
      ),
    );
    if (took.length > 0) return { verdict: 'ok', retryAfterMs: 0 };
  }
  const noticed = await query('refuse a request', () =>
    db.all(
      `INSERT INTO rate_counters (key, window_start, count, noticed, expires_at) VALUES (?, ?, 0, 1, ?)
       ON CONFLICT (key, window_start) DO UPDATE SET noticed = 1
       WHERE rate_counters.noticed = 0
       RETURNING count`,
      [key, win.start, expiresAt],
    ),
  );
  const counted = noticed[0] ? Number(noticed[0].count) : Math.max(current, limit.max);
  return {
    verdict: noticed.length > 0 ? 'notice' : 'refused',
    retryAfterMs: retryAfterMs(limit, nowMs, win, previous, counted),
  };
}
