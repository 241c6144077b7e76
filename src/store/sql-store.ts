// CrashStore over a Db: the same code serves SQLite and PostgreSQL.

import { createAlertState } from './alerts-sql.js';
import * as claims from './claims-sql.js';
import type { Db } from './db.js';
import { createDeliveryClaims } from './deliveries-sql.js';
import { StoreError } from './errors.js';
import { createEventGuard } from './events-sql.js';
import { migrate } from './migrations.js';
import { buildRecord, hashUser } from './record.js';
import * as records from './records-sql.js';
import * as settings from './settings-sql.js';
import { createThreadStore } from './threads-sql.js';
import type { CrashStore } from './types.js';

/** Where the user-hash salt comes from (user-salt.ts): one of them must be given. */
export interface SqlStoreOptions {
  /** CRASHBOT_USER_SALT (or its _FILE). */
  userSalt?: string | undefined;
  /** Otherwise: the file crashbot keeps its salt in (SQLite), created at first start. */
  saltFile?: string | undefined;
  /** Otherwise: an in-memory database, whose salt lives as long as it does. */
  ephemeralSalt?: boolean;
  /** Hears what the operator should know about the salt (moved out of the database, or still to move). */
  log?: (line: string) => void;
}

/** Runs the migrations, then returns the store. Throws StoreError('STORE_MIGRATION_FAILED', or STORE_SALT_* from user-salt.ts). */
export async function createSqlStore(db: Db, options: SqlStoreOptions): Promise<CrashStore> {
  let userSalt: string;
  try {
    const settled = await migrate(db, {
      configured: options.userSalt,
      file: options.saltFile,
      ephemeral: options.ephemeralSalt ?? false,
    });
    userSalt = settled.salt;
    if (settled.notice) options.log?.(`${settled.notice}\n`);
  } catch (e) {
    if (e instanceof StoreError) throw e;
    throw new StoreError('STORE_MIGRATION_FAILED', `migrating the ${db.dialect} store failed: ${String(e)}`, {
      cause: e,
    });
  }
  const recordOptions = { userSalt };
  const events = createEventGuard(db, { salt: userSalt });
  const deliveries = createDeliveryClaims(db, userSalt);
  const threads = createThreadStore(db, { salt: userSalt });
  return {
    kind: db.dialect,
    ...createAlertState(db),
    recordDiagnosis: (d, meta) =>
      meta.replacesRecord !== undefined
        ? records.replaceRecordById(db, meta.replacesRecord, buildRecord(d, meta, recordOptions))
        : meta.replacesEarlier
          ? records.replaceRecord(db, buildRecord(d, meta, recordOptions))
          : records.insertRecord(db, buildRecord(d, meta, recordOptions)),
    insertRecords: (rs) => records.insertRecords(db, rs),
    getRecord: (id) => records.getRecord(db, id),
    countSimilar: (c, fp, since) => records.countSimilar(db, c, fp, since),
    lastFixed: (c, fp) => records.lastFixed(db, c, fp),
    summarySource: (c, range) => records.summarySource(db, c, range),
    findChannels: (id) => records.findChannels(db, id),
    addFeedback: (f) =>
      records.addFeedback(db, f.recordId, hashUser(userSalt, f.channel, f.userId), f.verdict, f.at),
    getSettings: (c) => settings.getSettings(db, c),
    updateSettings: (c, patch, now) => settings.updateSettings(db, c, patch, now),
    listSummaryChannels: () => settings.listSummaryChannels(db),
    claimWeeklyPost: (req) => claims.claimWeeklyPost(db, req),
    completeWeeklyPost: (c, week, owner, outcome, now) =>
      claims.completeWeeklyPost(db, c, week, owner, outcome, now),
    releaseWeeklyPost: (c, week, owner, retryAt) => claims.releaseWeeklyPost(db, c, week, owner, retryAt),
    claimDelivery: (key, now, ttlMs) => events.claimDelivery(key, now, ttlMs),
    takeRate: (key, limit, now) => events.takeRate(key, limit, now),
    takeDelivery: (t) => deliveries.takeDelivery(t),
    renewDeliveries: (keys, owner, now, leaseMs) => deliveries.renewDeliveries(keys, owner, now, leaseMs),
    answerDelivery: (key, owner, now, keepMs) => deliveries.answerDelivery(key, owner, now, keepMs),
    releaseDeliveries: (keys, owner, now) => deliveries.releaseDeliveries(keys, owner, now),
    takeOverExpired: (o) => deliveries.takeOverExpired(o),
    pendingDeliveries: () => deliveries.pendingDeliveries(),
    keepThread: (t) => threads.keepThread(t),
    findThread: (key, now) => threads.findThread(key, now),
    close: () => db.close(),
  };
}
