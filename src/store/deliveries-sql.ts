// Delivery claims with states and a lease, and the inbox of acknowledged events (the
// `deliveries` table). Every change is one statement that checks the row's state in its
// WHERE clause, so of several instances racing on one database exactly one wins, on
// SQLite (one writer at a time) and PostgreSQL (the WHERE is re-checked on the row it
// locks). A statement run again after a lost connection is harmless: a take by the same
// owner wins again, and answering twice changes nothing.
//
//   take:      no row, or a row 'taken' whose lease has run out (or whose row is past
//              keeping)          -> 'taken' by this owner, the payload kept
//   renew:     'taken' by owner  -> lease extended
//   answer:    'taken' by owner  -> 'answered', payload dropped, key kept for keepMs
//   release:   'taken' by owner  -> lease ends now (another instance takes it at once)
//   take over: 'taken', lease out -> taken by the sweeper's owner, payload returned
//
// Keys are stored as a keyed hash (the store's salt), like the other delivery keys.
import { createHmac } from 'node:crypto';
import type { Db } from './db.js';
import { query } from './errors.js';
import type { DeliveryClaimsPort, DeliveryState, TakenOver } from './types.js';

export function createDeliveryClaims(db: Db, salt: string): DeliveryClaimsPort {
  const hashed = (key: string) => `d1:${createHmac('sha256', salt).update(key).digest('base64url')}`;
  const inList = (n: number) => Array.from({ length: n }, () => '?').join(', ');

  return {
    async takeDelivery(t) {
      const id = hashed(t.key);
      const now = t.now.getTime();
      for (let tries = 0; tries < 2; tries++) {
        const won = await query('take a delivery', () =>
          db.all(
            `INSERT INTO deliveries (key, state, owner, lease_until, attempts, taken_at, expires_at, platform, payload)
             VALUES (?, 'taken', ?, ?, 1, ?, ?, ?, ?)
             ON CONFLICT (key) DO UPDATE SET
               state = 'taken', owner = excluded.owner, lease_until = excluded.lease_until,
               attempts = CASE WHEN deliveries.expires_at <= excluded.taken_at THEN 1
                               WHEN deliveries.owner = excluded.owner THEN deliveries.attempts
                               ELSE deliveries.attempts + 1 END,
               taken_at = CASE WHEN deliveries.expires_at <= excluded.taken_at THEN excluded.taken_at
                               ELSE deliveries.taken_at END,
               expires_at = CASE WHEN deliveries.expires_at <= excluded.taken_at THEN excluded.expires_at
                                 ELSE deliveries.expires_at END,
               answered_at = NULL, outcome = NULL,
               platform = COALESCE(deliveries.platform, excluded.platform),
               payload = COALESCE(deliveries.payload, excluded.payload)
             WHERE deliveries.expires_at <= excluded.taken_at
                OR (deliveries.state = 'taken'
                    AND (deliveries.lease_until <= excluded.taken_at OR deliveries.owner = excluded.owner))
             RETURNING attempts`,
            [
              id,
              t.owner,
              now + Math.max(1, t.leaseMs),
              now,
              now + Math.max(t.leaseMs, t.keepMs),
              t.platform ?? null,
              t.payload ?? null,
            ],
          ),
        );
        if (won.length > 0) return 'taken';
        const rows = await query('read a delivery', () =>
          db.all(`SELECT state FROM deliveries WHERE key = ?`, [id]),
        );
        // Pruned between the two statements: take it again.
        if (rows[0]) return (rows[0].state === 'answered' ? 'answered' : 'held') satisfies DeliveryState;
      }
      return 'held';
    },

    async renewDeliveries(keys, owner, now, leaseMs) {
      if (keys.length === 0) return [];
      const ids = new Map(keys.map((k) => [hashed(k), k]));
      const held = await query('renew delivery leases', () =>
        db.all(
          `UPDATE deliveries SET lease_until = ?
           WHERE key IN (${inList(ids.size)}) AND state = 'taken' AND owner = ?
           RETURNING key`,
          [now.getTime() + leaseMs, ...ids.keys(), owner],
        ),
      );
      const still = new Set(held.map((r) => String(r.key)));
      return [...ids].filter(([id]) => !still.has(id)).map(([, key]) => key);
    },

    async answerDelivery(key, owner, now, keepMs) {
      const at = now.getTime();
      const changed = await query('answer a delivery', () =>
        db.run(
          `UPDATE deliveries SET state = 'answered', answered_at = ?, payload = NULL, outcome = 'answered',
             expires_at = CASE WHEN expires_at < ? THEN ? ELSE expires_at END
           WHERE key = ? AND state = 'taken' AND owner = ?`,
          [at, at + keepMs, at + keepMs, hashed(key), owner],
        ),
      );
      return changed === 1;
    },

    async releaseDeliveries(keys, owner, now) {
      if (keys.length === 0) return 0;
      return query('hand deliveries back', () =>
        db.run(
          `UPDATE deliveries SET lease_until = ?
           WHERE key IN (${inList(keys.length)}) AND state = 'taken' AND owner = ?`,
          [now.getTime(), ...keys.map(hashed), owner],
        ),
      );
    },

    async takeOverExpired(o) {
      const now = o.now.getTime();
      await pruneDeliveries(db, o.now).catch(() => {
        // Housekeeping: the next sweep tries again.
      });
      if (o.platforms.length === 0 || o.limit <= 0) return { taken: [], gaveUp: 0 };
      const platforms = inList(o.platforms.length);
      const gaveUp = await query('give up deliveries', () =>
        db.run(
          `UPDATE deliveries SET state = 'answered', answered_at = ?, payload = NULL, outcome = 'gave-up'
           WHERE state = 'taken' AND lease_until <= ? AND attempts >= ? AND platform IN (${platforms})`,
          [now, now, o.maxAttempts, ...o.platforms],
        ),
      );
      const rows = await query('take over deliveries', () =>
        db.all(
          `UPDATE deliveries SET owner = ?, lease_until = ?, attempts = attempts + 1
           WHERE key IN (SELECT key FROM deliveries
                         WHERE state = 'taken' AND lease_until <= ? AND attempts < ?
                           AND platform IN (${platforms}) AND payload IS NOT NULL
                         ORDER BY taken_at LIMIT ?)
             AND state = 'taken' AND lease_until <= ? AND attempts < ?
           RETURNING payload, attempts, taken_at`,
          [o.owner, now + o.leaseMs, now, o.maxAttempts, ...o.platforms, o.limit, now, o.maxAttempts],
        ),
      );
      const taken: TakenOver[] = rows
        .map((r) => ({
          payload: String(r.payload),
          attempts: Number(r.attempts),
          since: new Date(Number(r.taken_at)),
        }))
        .sort((a, b) => a.since.getTime() - b.since.getTime());
      return { taken, gaveUp };
    },

    async pendingDeliveries() {
      const rows = await query('count pending deliveries', () =>
        db.all(`SELECT COUNT(*) AS n FROM deliveries WHERE state = 'taken'`),
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** Events still taken this long after their keeping ended (no instance runs their platform) are dropped. */
const STRANDED_MS = 7 * 24 * 3600_000;

/** Deletes the rows past keeping: answered keys whose window is over, and events stranded for a week. */
async function pruneDeliveries(db: Db, now: Date): Promise<number> {
  return db.run(`DELETE FROM deliveries WHERE (state = 'answered' AND expires_at <= ?) OR expires_at <= ?`, [
    now.getTime(),
    now.getTime() - STRANDED_MS,
  ]);
}
