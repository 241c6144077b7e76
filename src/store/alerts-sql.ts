// The alerts of `crashbot run`: one row per (job, destination) with the posted
// message's reference, so the next failure updates it and a green run resolves it;
// and one row per (job, run) so only the first process of a launch posts.
import type { AlertState, AlertStatePort } from '../app/run/ports.js';
import type { Db, Row } from './db.js';
import { query } from './errors.js';

const COLUMNS =
  'job, destination, ref, status, failures, first_failed_at, last_failed_at, resolved_at, cause';

function toState(r: Row): AlertState {
  return {
    job: String(r.job),
    destination: String(r.destination),
    ref: r.ref === null ? null : String(r.ref),
    status: r.status === 'resolved' ? 'resolved' : 'failing',
    failures: Number(r.failures),
    firstFailedAt: new Date(Number(r.first_failed_at)),
    lastFailedAt: new Date(Number(r.last_failed_at)),
    resolvedAt: r.resolved_at === null ? null : new Date(Number(r.resolved_at)),
    cause: r.cause === null ? null : String(r.cause),
  };
}

export function createAlertState(db: Db): AlertStatePort {
  return {
    async getAlert(job, destination) {
      const rows = await query('read run alert', () =>
        db.all(`SELECT ${COLUMNS} FROM run_alerts WHERE job = ? AND destination = ?`, [job, destination]),
      );
      return rows[0] ? toState(rows[0]) : null;
    },
    async saveAlert(s) {
      await query('save run alert', () =>
        db.run(
          `INSERT INTO run_alerts (${COLUMNS}, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (job, destination) DO UPDATE SET ref = excluded.ref, status = excluded.status,
             failures = excluded.failures, first_failed_at = excluded.first_failed_at,
             last_failed_at = excluded.last_failed_at, resolved_at = excluded.resolved_at,
             cause = excluded.cause, updated_at = excluded.updated_at`,
          [
            s.job,
            s.destination,
            s.ref,
            s.status,
            s.failures,
            s.firstFailedAt.getTime(),
            s.lastFailedAt.getTime(),
            s.resolvedAt?.getTime() ?? null,
            s.cause,
            Date.now(),
          ],
        ),
      );
    },
    async claimRun(job, runId, owner, now) {
      const changed = await query('claim run', () =>
        db.run(
          `INSERT INTO run_claims (job, run_id, owner, claimed_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (job, run_id) DO NOTHING`,
          [job, runId, owner, now.getTime()],
        ),
      );
      return changed === 1;
    },
  };
}
