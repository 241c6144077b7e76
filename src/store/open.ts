// Opens the configured store: PostgreSQL when DATABASE_URL is set, else the SQLite
// file (./data/crashbot.sqlite by default). Failing to open is a value with a code.
import { basename, dirname, extname, join } from 'node:path';
import type { Config } from '../config/config.js';
import { redactSecrets } from '../core/redact/index.js';
import type { Db } from './db.js';
import { StoreError } from './errors.js';
import { openPostgresDb } from './postgres-db.js';
import { createSqlStore } from './sql-store.js';
import { openSqliteDb } from './sqlite-db.js';
import type { CrashStore } from './types.js';

export type StoreConfig = Pick<Config, 'store' | 'userSalt'>;

export type OpenStoreResult = { ok: true; store: CrashStore } | { ok: false; error: StoreError };

/**
 * `log` hears of PostgreSQL trouble that is being ridden out: the first retry of a
 * statement and idle connections lost (not every retry, which would flood it in an outage).
 */
export async function openStore(config: StoreConfig, log?: (line: string) => void): Promise<OpenStoreResult> {
  let db: Db | undefined;
  try {
    db =
      config.store.kind === 'postgres'
        ? openPostgresDb(config.store.url, {
            onRetry: ({ attempt, error }) => {
              if (attempt <= 1) log?.(`store: ${redactSecrets(error).text}; retrying\n`);
            },
          })
        : openSqliteDb(config.store.path, { synchronous: config.store.synchronous ?? 'normal' });
    const store = await createSqlStore(db, {
      userSalt: config.userSalt,
      ...saltPlace(config.store),
      ...(log && { log }),
    });
    return { ok: true, store };
  } catch (e) {
    await db?.close().catch(() => {});
    const where =
      config.store.kind === 'postgres' ? 'the PostgreSQL database (DATABASE_URL)' : config.store.path;
    const error =
      e instanceof StoreError && e.code !== 'STORE_QUERY_FAILED' && e.code !== 'STORE_UNAVAILABLE'
        ? e
        : new StoreError(
            'STORE_OPEN_FAILED',
            `cannot open ${where}: ${e instanceof Error ? e.message : String(e)}`,
            {
              cause: e,
            },
          );
    return { ok: false, error };
  }
}

/**
 * Where a SQLite store keeps its salt when none is configured: beside the database, named
 * so that a copy of `crashbot.sqlite*` does not take it along. PostgreSQL keeps none
 * (its instances share no disk): its salt must be configured.
 */
export function saltPlace(store: Config['store']): { saltFile?: string; ephemeralSalt?: boolean } {
  if (store.kind !== 'sqlite') return {};
  if (store.path === ':memory:') return { ephemeralSalt: true };
  return { saltFile: join(dirname(store.path), `${basename(store.path, extname(store.path))}.user-salt`) };
}
