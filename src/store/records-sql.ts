// Crash records and feedback on top of Db: insert, look up, count similar crashes,
// and fetch what a weekly summary needs with three indexed queries.
import type { SummaryRecord, SummarySource } from '../core/summary/types.js';
import type { Db, Row, SqlValue } from './db.js';
import { query } from './errors.js';
import type { ChannelRef, CrashRecord, FixedBefore, NewCrashRecord } from './types.js';

const COLUMNS =
  'platform, workspace, channel, user_hash, occurred_at, fingerprint, signature, top_cause, cause_ids, confidence, framework, exit_code, versions, message_link, earlier_fingerprint';
const PLACEHOLDERS = `(${'?, '.repeat(14)}?)`;
const WHERE_CHANNEL = 'platform = ? AND workspace = ? AND channel = ?';
const BATCH = 500;

const channelParams = (c: ChannelRef): SqlValue[] => [c.platform, c.workspace, c.channel];

function values(r: NewCrashRecord): SqlValue[] {
  return [
    ...channelParams(r.channel),
    r.userHash,
    r.at.getTime(),
    r.fingerprint,
    r.signature,
    r.topCause,
    JSON.stringify(r.causeIds),
    r.confidence,
    r.framework,
    r.exitCode,
    JSON.stringify(r.versions),
    r.messageLink,
    r.earlierFingerprint ?? null,
  ];
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function toRecord(row: Row): CrashRecord {
  return {
    id: Number(row.id),
    channel: {
      platform: String(row.platform),
      workspace: String(row.workspace),
      channel: String(row.channel),
    },
    userHash: String(row.user_hash),
    at: new Date(Number(row.occurred_at)),
    fingerprint: String(row.fingerprint),
    signature: str(row.signature),
    topCause: String(row.top_cause),
    causeIds: JSON.parse(String(row.cause_ids)) as string[],
    confidence: Number(row.confidence),
    framework: str(row.framework),
    exitCode: str(row.exit_code),
    versions: JSON.parse(String(row.versions)) as Record<string, string>,
    messageLink: str(row.message_link),
    earlierFingerprint: str(row.earlier_fingerprint),
  };
}

/** Stores a record in place of the channel's earlier records of the same message (an edited message). */
export async function replaceRecord(db: Db, r: NewCrashRecord): Promise<CrashRecord> {
  if (r.messageLink === null) return insertRecord(db, r);
  return query('replace record', () =>
    db.exclusive(async (tx) => {
      await tx.run(
        `DELETE FROM crash_records WHERE platform = ? AND workspace = ? AND channel = ? AND message_link = ?`,
        [r.channel.platform, r.channel.workspace, r.channel.channel, r.messageLink],
      );
      return insertRecord(tx, r);
    }),
  );
}

/** Stores a record in place of record `id` of the same channel (a thread read again with a follow-up). */
export async function replaceRecordById(db: Db, id: number, r: NewCrashRecord): Promise<CrashRecord> {
  return query('replace record', () =>
    db.exclusive(async (tx) => {
      await tx.run(`DELETE FROM crash_records WHERE id = ? AND ${WHERE_CHANNEL}`, [
        id,
        ...channelParams(r.channel),
      ]);
      return insertRecord(tx, r);
    }),
  );
}

export async function insertRecord(db: Db, r: NewCrashRecord): Promise<CrashRecord> {
  const rows = await query('insert record', () =>
    db.all(`INSERT INTO crash_records (${COLUMNS}) VALUES ${PLACEHOLDERS} RETURNING id`, values(r)),
  );
  return { ...r, id: Number(rows[0]?.id) };
}

/** All or nothing: one transaction, multi-row statements of BATCH records. */
export async function insertRecords(db: Db, records: readonly NewCrashRecord[]): Promise<number> {
  return query('insert records', () =>
    db.exclusive(async (tx) => {
      let stored = 0;
      for (let i = 0; i < records.length; i += BATCH) {
        const batch = records.slice(i, i + BATCH);
        const rows = batch.map(() => PLACEHOLDERS).join(', ');
        stored += await tx.run(
          `INSERT INTO crash_records (${COLUMNS}) VALUES ${rows}`,
          batch.flatMap(values),
        );
      }
      return stored;
    }),
  );
}

export async function getRecord(db: Db, id: number): Promise<CrashRecord | null> {
  const rows = await query('get record', () =>
    db.all(`SELECT id, ${COLUMNS} FROM crash_records WHERE id = ?`, [id]),
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function countSimilar(
  db: Db,
  c: ChannelRef,
  fingerprint: string | readonly string[],
  since: Date,
): Promise<number> {
  const fps = distinct(fingerprint);
  const rows = await query('count similar', () =>
    db.all(
      `SELECT COUNT(*) AS n FROM crash_records WHERE ${WHERE_CHANNEL} AND fingerprint IN (${marks(fps)}) AND occurred_at >= ?`,
      [...channelParams(c), ...fps, since.getTime()],
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

export async function lastFixed(
  db: Db,
  c: ChannelRef,
  fingerprint: string | readonly string[],
): Promise<FixedBefore | null> {
  const fps = distinct(fingerprint);
  const rows = await query('last fixed', () =>
    db.all(
      `SELECT r.message_link, f.at FROM crash_records r JOIN feedback f ON f.record_id = r.id
       WHERE r.platform = ? AND r.workspace = ? AND r.channel = ? AND r.fingerprint IN (${marks(fps)})
         AND f.verdict = 'fixed'
       ORDER BY f.at DESC, r.id DESC LIMIT 1`,
      [...channelParams(c), ...fps],
    ),
  );
  const row = rows[0];
  return row ? { at: new Date(Number(row.at)), link: str(row.message_link) } : null;
}

/** The fingerprints asked for, each once (at least one). */
export function distinct(fingerprint: string | readonly string[]): string[] {
  const fps = [...new Set(typeof fingerprint === 'string' ? [fingerprint] : fingerprint)];
  return fps.length ? fps : [''];
}

export const marks = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

export async function summarySource(
  db: Db,
  c: ChannelRef,
  range: { previousStart: Date; start: Date; end: Date },
): Promise<SummarySource> {
  const [from, start, end] = [range.previousStart.getTime(), range.start.getTime(), range.end.getTime()];
  const ch = channelParams(c);
  return query('summary source', async () => {
    const [rows, first, votes] = await Promise.all([
      db.all(
        `SELECT occurred_at, fingerprint, earlier_fingerprint, top_cause, user_hash, framework, signature FROM crash_records
       WHERE ${WHERE_CHANNEL} AND occurred_at >= ? AND occurred_at < ?`,
        [...ch, from, end],
      ),
      // One index probe per fingerprint of the week (a correlated MIN), not a scan of its
      // whole history; a record's earlier fingerprint finds the records kept under it.
      db.all(
        `SELECT w.fingerprint, (SELECT MIN(h.occurred_at) FROM crash_records h
         WHERE h.platform = ? AND h.workspace = ? AND h.channel = ?
           AND h.fingerprint IN (w.fingerprint, COALESCE(w.earlier_fingerprint, w.fingerprint))) AS first_at
       FROM (SELECT DISTINCT fingerprint, earlier_fingerprint FROM crash_records
             WHERE ${WHERE_CHANNEL} AND occurred_at >= ? AND occurred_at < ?) w`,
        [...ch, ...ch, start, end],
      ),
      db.all(
        `SELECT f.verdict, COUNT(*) AS n FROM feedback f JOIN crash_records r ON r.id = f.record_id
       WHERE r.platform = ? AND r.workspace = ? AND r.channel = ? AND r.occurred_at >= ? AND r.occurred_at < ?
       GROUP BY f.verdict`,
        [...ch, start, end],
      ),
    ]);
    // A record kept before fp2 counts as the crash of the newer records that name its fingerprint as earlier.
    const current = new Map<string, string>();
    for (const r of rows) {
      const earlier = str(r.earlier_fingerprint);
      if (earlier !== null && earlier !== String(r.fingerprint)) current.set(earlier, String(r.fingerprint));
    }
    const canonical = (fp: string) => current.get(fp) ?? fp;
    const records: SummaryRecord[] = rows.map((r) => ({
      at: Number(r.occurred_at),
      fingerprint: canonical(String(r.fingerprint)),
      topCause: String(r.top_cause),
      userHash: String(r.user_hash),
      framework: str(r.framework),
      signature: str(r.signature),
    }));
    const firstSeen: Record<string, number> = {};
    for (const r of first) {
      const fp = canonical(String(r.fingerprint));
      const at = Number(r.first_at);
      firstSeen[fp] = Math.min(firstSeen[fp] ?? at, at);
    }
    const count = (v: string) => Number(votes.find((r) => r.verdict === v)?.n ?? 0);
    return { records, firstSeen, feedback: { fixed: count('fixed'), wrong: count('wrong') } };
  });
}

export async function findChannels(db: Db, channelId: string): Promise<ChannelRef[]> {
  const rows = await query('find channels', () =>
    db.all(
      `SELECT DISTINCT platform, workspace, channel FROM crash_records WHERE channel = ?
       UNION SELECT platform, workspace, channel FROM channel_settings WHERE channel = ?`,
      [channelId, channelId],
    ),
  );
  return rows.map((r) => ({
    platform: String(r.platform),
    workspace: String(r.workspace),
    channel: String(r.channel),
  }));
}

export async function addFeedback(
  db: Db,
  recordId: number,
  userHash: string,
  verdict: 'fixed' | 'wrong',
  at: Date,
): Promise<{ ok: true } | { ok: false; code: 'UNKNOWN_RECORD' }> {
  const known = await query('find record', () =>
    db.all(`SELECT id FROM crash_records WHERE id = ?`, [recordId]),
  );
  if (known.length === 0) return { ok: false, code: 'UNKNOWN_RECORD' };
  await query('add feedback', () =>
    db.run(
      `INSERT INTO feedback (record_id, user_hash, verdict, at) VALUES (?, ?, ?, ?)
       ON CONFLICT (record_id, user_hash) DO UPDATE SET verdict = excluded.verdict, at = excluded.at`,
      [recordId, userHash, verdict, at.getTime()],
    ),
  );
  return { ok: true };
}
