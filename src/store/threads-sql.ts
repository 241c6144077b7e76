// The conversations the bot answered (ThreadStorePort): one row per thread holding the
// pipeline's state, and one row per alias (an answer's message) pointing at it. Keys are
// stored as a keyed hash (the store's salt), like the event guard's; rows past their
// time are ignored at once and deleted now and then by whichever instance comes by.
import { createHmac } from 'node:crypto';
import type { Db } from './db.js';
import { query } from './errors.js';
import type { ThreadStorePort } from './types.js';

export function createThreadStore(db: Db, opts: { salt: string; pruneEveryMs?: number }): ThreadStorePort {
  const pruneEveryMs = opts.pruneEveryMs ?? 10 * 60_000;
  let lastPrune = Number.NEGATIVE_INFINITY;
  const hashed = (key: string) =>
    createHmac('sha256', opts.salt).update(`thread\0${key}`).digest('base64url');

  const prune = async (nowMs: number) => {
    if (nowMs - lastPrune < pruneEveryMs) return;
    lastPrune = nowMs;
    try {
      await db.run(`DELETE FROM conversation_thread_keys WHERE expires_at <= ?`, [nowMs]);
      await db.run(`DELETE FROM conversation_threads WHERE expires_at <= ?`, [nowMs]);
    } catch {
      // Housekeeping: the next one tries again.
    }
  };

  return {
    async keepThread(t) {
      const nowMs = t.now.getTime();
      const until = t.until.getTime();
      await prune(nowMs);
      const thread = hashed(t.thread);
      await query('keep a thread', () =>
        db.exclusive(async (tx) => {
          await tx.run(
            `INSERT INTO conversation_threads (thread, state, expires_at) VALUES (?, ?, ?)
             ON CONFLICT (thread) DO UPDATE SET state = excluded.state, expires_at = excluded.expires_at`,
            [thread, t.state, until],
          );
          for (const alias of new Set(t.aliases))
            await tx.run(
              `INSERT INTO conversation_thread_keys (key, thread, expires_at) VALUES (?, ?, ?)
               ON CONFLICT (key) DO UPDATE SET thread = excluded.thread, expires_at = excluded.expires_at`,
              [hashed(alias), thread, until],
            );
        }),
      );
    },

    async findThread(key, now) {
      const nowMs = now.getTime();
      const h = hashed(key);
      const rows = await query('find a thread', () =>
        db.all(
          `SELECT thread, state FROM conversation_threads WHERE thread = ? AND expires_at > ?
           UNION ALL
           SELECT t.thread, t.state FROM conversation_thread_keys k
             JOIN conversation_threads t ON t.thread = k.thread
           WHERE k.key = ? AND k.expires_at > ? AND t.expires_at > ?`,
          [h, nowMs, h, nowMs, nowMs],
        ),
      );
      const row = rows[0];
      return row ? { thread: String(row.thread), state: String(row.state) } : null;
    },
  };
}
