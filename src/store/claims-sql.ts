// The weekly post's claim: one row per (channel, week). Claiming is a single upsert
// that only takes the row over when it is not done and its lease has run out, so two
// instances racing on one database get exactly one winner; the winner marks the row
// done after the post succeeded. An instance that dies mid-post leaves a lease that
// runs out, and another instance then retries.
import type { Db, Row } from './db.js';
import { query } from './errors.js';
import type { ChannelRef, ClaimRequest, ClaimResult } from './types.js';

const KEY = 'platform = ? AND workspace = ? AND channel = ? AND week = ?';
const key = (c: ChannelRef, week: string) => [c.platform, c.workspace, c.channel, week];

export async function claimWeeklyPost(db: Db, req: ClaimRequest): Promise<ClaimResult> {
  const now = req.now.getTime();
  const won = await query('claim weekly post', () =>
    db.all(
      `INSERT INTO weekly_posts (platform, workspace, channel, week, owner, claimed_at, lease_until, attempts)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1)
       ON CONFLICT (platform, workspace, channel, week) DO UPDATE SET
         owner = excluded.owner, claimed_at = excluded.claimed_at, lease_until = excluded.lease_until,
         attempts = weekly_posts.attempts + 1
       WHERE weekly_posts.done_at IS NULL AND weekly_posts.lease_until <= excluded.claimed_at
         AND weekly_posts.attempts < ?
       RETURNING attempts`,
      [...key(req.channel, req.week), req.owner, now, now + req.leaseMs, req.maxAttempts],
    ),
  );
  if (won[0]) return { status: 'claimed', attempt: Number(won[0].attempts) };
  const rows = await query('read weekly post', () =>
    db.all(
      `SELECT owner, lease_until, attempts, done_at, outcome FROM weekly_posts WHERE ${KEY}`,
      key(req.channel, req.week),
    ),
  );
  return standing(rows[0], req);
}

function standing(row: Row | undefined, req: ClaimRequest): ClaimResult {
  if (!row) return { status: 'held', owner: '', leaseUntil: req.now };
  if (row.done_at !== null)
    return {
      status: 'done',
      outcome: row.outcome === 'skipped' ? 'skipped' : 'posted',
      at: new Date(Number(row.done_at)),
    };
  if (Number(row.attempts) >= req.maxAttempts && Number(row.lease_until) <= req.now.getTime())
    return { status: 'gave-up', attempts: Number(row.attempts) };
  return { status: 'held', owner: String(row.owner), leaseUntil: new Date(Number(row.lease_until)) };
}

export async function completeWeeklyPost(
  db: Db,
  c: ChannelRef,
  week: string,
  owner: string,
  outcome: 'posted' | 'skipped',
  now: Date,
): Promise<boolean> {
  const changed = await query('complete weekly post', () =>
    db.run(
      `UPDATE weekly_posts SET done_at = ?, outcome = ? WHERE ${KEY} AND owner = ? AND done_at IS NULL`,
      [now.getTime(), outcome, ...key(c, week), owner],
    ),
  );
  return changed === 1;
}

export async function releaseWeeklyPost(
  db: Db,
  c: ChannelRef,
  week: string,
  owner: string,
  retryAt: Date,
): Promise<boolean> {
  const changed = await query('release weekly post', () =>
    db.run(`UPDATE weekly_posts SET lease_until = ? WHERE ${KEY} AND owner = ? AND done_at IS NULL`, [
      retryAt.getTime(),
      ...key(c, week),
      owner,
    ]),
  );
  return changed === 1;
}
