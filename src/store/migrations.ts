// Schema migrations, run at start inside the database's migration lock. Each step is
// numbered and applied once; the DDL differs between the dialects only in types.
import type { Db, Dialect } from './db.js';
import { type SaltSource, type SettledSalt, settleUserSalt } from './user-salt.js';

interface Types {
  id: string;
  bigint: string;
  real: string;
}

const TYPES: Record<Dialect, Types> = {
  sqlite: { id: 'INTEGER PRIMARY KEY AUTOINCREMENT', bigint: 'INTEGER', real: 'REAL' },
  postgres: { id: 'BIGSERIAL PRIMARY KEY', bigint: 'BIGINT', real: 'DOUBLE PRECISION' },
};

const CHANNEL = 'platform TEXT NOT NULL, workspace TEXT NOT NULL, channel TEXT NOT NULL';

/** Step n of the schema. Never edit a released step: add one. */
export const MIGRATIONS: readonly ((t: Types) => string[])[] = [
  (t) => [
    `CREATE TABLE crashbot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
    `CREATE TABLE crash_records (
      id ${t.id}, ${CHANNEL},
      user_hash TEXT NOT NULL, occurred_at ${t.bigint} NOT NULL,
      fingerprint TEXT NOT NULL, signature TEXT, top_cause TEXT NOT NULL, cause_ids TEXT NOT NULL,
      confidence ${t.real} NOT NULL, framework TEXT, exit_code TEXT, versions TEXT NOT NULL,
      message_link TEXT, raw_log TEXT)`,
    `CREATE INDEX crash_records_by_time ON crash_records (platform, workspace, channel, occurred_at)`,
    `CREATE INDEX crash_records_by_fingerprint ON crash_records (platform, workspace, channel, fingerprint, occurred_at)`,
    `CREATE INDEX crash_records_by_channel_id ON crash_records (channel)`,
    `CREATE TABLE feedback (
      record_id ${t.bigint} NOT NULL REFERENCES crash_records (id) ON DELETE CASCADE,
      user_hash TEXT NOT NULL, verdict TEXT NOT NULL CHECK (verdict IN ('fixed', 'wrong')),
      at ${t.bigint} NOT NULL, PRIMARY KEY (record_id, user_hash))`,
    `CREATE TABLE channel_settings (
      ${CHANNEL}, listening INTEGER NOT NULL, summary INTEGER NOT NULL,
      weekday INTEGER NOT NULL, time TEXT NOT NULL, time_zone TEXT, empty_week TEXT NOT NULL,
      summary_since ${t.bigint}, updated_at ${t.bigint} NOT NULL,
      PRIMARY KEY (platform, workspace, channel))`,
    `CREATE TABLE weekly_posts (
      ${CHANNEL}, week TEXT NOT NULL, owner TEXT NOT NULL,
      claimed_at ${t.bigint} NOT NULL, lease_until ${t.bigint} NOT NULL, attempts INTEGER NOT NULL,
      done_at ${t.bigint}, outcome TEXT,
      PRIMARY KEY (platform, workspace, channel, week))`,
  ],
  // Shared by every instance: events already handled, and abuse-limit counters per fixed window.
  (t) => [
    `CREATE TABLE handled_deliveries (key TEXT PRIMARY KEY, claim TEXT NOT NULL, expires_at ${t.bigint} NOT NULL)`,
    `CREATE INDEX handled_deliveries_by_expiry ON handled_deliveries (expires_at)`,
    `CREATE TABLE rate_counters (
      key TEXT NOT NULL, window_start ${t.bigint} NOT NULL, count INTEGER NOT NULL,
      noticed INTEGER NOT NULL, expires_at ${t.bigint} NOT NULL,
      PRIMARY KEY (key, window_start))`,
    `CREATE INDEX rate_counters_by_expiry ON rate_counters (expires_at)`,
  ],
  // crashbot run: each job's alert per destination, and which process of a launch posts.
  (t) => [
    `CREATE TABLE run_alerts (
      job TEXT NOT NULL, destination TEXT NOT NULL, ref TEXT, status TEXT NOT NULL,
      failures INTEGER NOT NULL, first_failed_at ${t.bigint} NOT NULL, last_failed_at ${t.bigint} NOT NULL,
      resolved_at ${t.bigint}, cause TEXT, updated_at ${t.bigint} NOT NULL,
      PRIMARY KEY (job, destination))`,
    `CREATE TABLE run_claims (
      job TEXT NOT NULL, run_id TEXT NOT NULL, owner TEXT NOT NULL, claimed_at ${t.bigint} NOT NULL,
      PRIMARY KEY (job, run_id))`,
  ],
  // The inbox: an acknowledged event is 'taken' (owner, lease) and kept until 'answered';
  // another instance takes it over when the lease runs out (src/store/deliveries-sql.ts).
  (t) => [
    `CREATE TABLE deliveries (
      key TEXT PRIMARY KEY, state TEXT NOT NULL CHECK (state IN ('taken', 'answered')),
      owner TEXT NOT NULL, lease_until ${t.bigint} NOT NULL, attempts INTEGER NOT NULL,
      taken_at ${t.bigint} NOT NULL, answered_at ${t.bigint}, expires_at ${t.bigint} NOT NULL,
      platform TEXT, payload TEXT, outcome TEXT)`,
    `CREATE INDEX deliveries_by_lease ON deliveries (state, lease_until)`,
    `CREATE INDEX deliveries_by_expiry ON deliveries (expires_at)`,
  ],
  // Fingerprints fp2: a record also keeps the fp1 its crash has, so records kept before
  // fp2 (which carry only fp1) are still counted as the same crash.
  () => [`ALTER TABLE crash_records ADD COLUMN earlier_fingerprint TEXT`],
  // Pasted logs are never kept: empty what an older version kept. (The column stays, so
  // an instance of that version still running during a rolling update can write its rows.)
  () => [`UPDATE crash_records SET raw_log = NULL WHERE raw_log IS NOT NULL`],
  // Conversations the bot answered (a thread, or an answer replied to), so a follow-up is
  // read with its first log: the pipeline's state (where the answer is, its texts redacted
  // and bounded) by a keyed hash of the thread, and the keys it is also found by (the
  // answer's messages), until it expires.
  (t) => [
    `CREATE TABLE conversation_threads (thread TEXT PRIMARY KEY, state TEXT NOT NULL, expires_at ${t.bigint} NOT NULL)`,
    `CREATE INDEX conversation_threads_by_expiry ON conversation_threads (expires_at)`,
    `CREATE TABLE conversation_thread_keys (key TEXT PRIMARY KEY, thread TEXT NOT NULL, expires_at ${t.bigint} NOT NULL)`,
    `CREATE INDEX conversation_thread_keys_by_expiry ON conversation_thread_keys (expires_at)`,
  ],
];

/** Applies the missing steps, then settles the user-hash salt (user-salt.ts), inside the migration lock. */
export async function migrate(db: Db, salt: SaltSource): Promise<{ applied: number } & SettledSalt> {
  return db.exclusive(async (tx) => {
    await tx.run(
      `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`,
    );
    const rows = await tx.all(`SELECT version FROM schema_migrations`);
    const done = new Set(rows.map((r) => Number(r.version)));
    let applied = 0;
    for (const [i, step] of MIGRATIONS.entries()) {
      const version = i + 1;
      if (done.has(version)) continue;
      for (const sql of step(TYPES[db.dialect])) await tx.run(sql);
      await tx.run(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, CURRENT_TIMESTAMP)`, [
        version,
      ]);
      applied++;
    }
    return { applied, ...(await settleUserSalt(tx, salt)) };
  });
}
