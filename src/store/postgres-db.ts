// Db over a pg Pool. `exclusive` runs in one transaction on one client and takes an
// advisory lock, so two instances starting at once migrate one after the other.
// A database restart is ridden out: connection failures are retried with backoff for
// up to `retryForMs` (see pg-retry.ts for what is retried when), idle clients that lose
// their connection are dropped without crashing the process, and a database that stays
// down gives a StoreError('STORE_UNAVAILABLE') naming the last error.
import pg from 'pg';
import { type Db, numberPlaceholders, type Row, type SqlValue } from './db.js';
import { StoreError } from './errors.js';
import { backoffMs, classify, harmlessTwice, RolledBack } from './pg-retry.js';

const MIGRATION_LOCK = 0x6372_6173; // "cras"
const STATEMENT_TIMEOUT_MS = 60_000;

export interface PostgresOptions {
  max?: number;
  /** How long a statement keeps being retried while the database is unreachable (default 20 s). */
  retryForMs?: number;
  /** Called on each retry and on idle connections lost (for logs and tests). */
  onRetry?: (info: { attempt: number; error: string }) => void;
}

type Queryable = Pick<pg.PoolClient, 'query'>;

function over(q: Queryable, exclusive: Db['exclusive'], close: Db['close']): Db {
  return {
    dialect: 'postgres',
    async all(sql, params = []) {
      return (await q.query(numberPlaceholders(sql), params as SqlValue[])).rows as Row[];
    },
    async run(sql, params = []) {
      return (await q.query(numberPlaceholders(sql), params as SqlValue[])).rowCount ?? 0;
    },
    exclusive,
    close,
  };
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function openPostgresDb(url: string, options: PostgresOptions = {}): Db {
  const retryForMs = options.retryForMs ?? 20_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 5,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // An idle client losing its connection (a database restart) must not crash the
  // process: the pool drops it, and the next statement connects afresh.
  pool.on('error', (e) => options.onRetry?.({ attempt: 0, error: `idle connection lost: ${messageOf(e)}` }));

  /**
   * Runs `work` on a pooled client, retrying while the database is unreachable. `safeTwice`
   * says whether `work` may run again when the connection died with it under way.
   */
  async function withClient<T>(safeTwice: boolean, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const deadline = Date.now() + retryForMs;
    for (let attempt = 0; ; attempt++) {
      let client: pg.PoolClient | undefined;
      let failure: ReturnType<typeof classify>;
      let error: unknown;
      try {
        client = await pool.connect();
      } catch (e) {
        error = e;
        failure = classify(e, 'connect');
      }
      if (client) {
        // A checked-out client whose connection dies emits 'error' besides failing its
        // statement; unheard, that event would end the process.
        const heard = () => {};
        client.on('error', heard);
        try {
          const result = await work(client);
          client.off('error', heard);
          client.release();
          return result;
        } catch (e) {
          error = e;
          failure = classify(e, 'query');
          client.off('error', heard);
          // A client whose connection failed is not put back into the pool.
          client.release(failure === 'fatal' ? undefined : true);
        }
      }
      const retry = failure! === 'retry' || (failure! === 'unknown-outcome' && safeTwice);
      if (!retry) throw error;
      const wait = backoffMs(attempt);
      if (Date.now() + wait > deadline) {
        throw new StoreError(
          'STORE_UNAVAILABLE',
          `the PostgreSQL database did not answer for ${Math.round(retryForMs / 1000)} s: ${messageOf(error)}`,
          { cause: error },
        );
      }
      options.onRetry?.({ attempt: attempt + 1, error: messageOf(error) });
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  // A statement outside a transaction never waits for an answer longer than this: a
  // connection left half-open by a vanished server must not hang its caller.
  const statement = (sql: string, params: readonly SqlValue[]) => {
    // query_timeout is a node-postgres option its types leave out.
    const config = {
      text: numberPlaceholders(sql),
      values: params as SqlValue[],
      query_timeout: STATEMENT_TIMEOUT_MS,
    };
    return withClient(harmlessTwice(sql), (c) => c.query(config as pg.QueryConfig<SqlValue[]>));
  };

  // A transaction is retried whole while COMMIT has not been sent: the server rolls back
  // a transaction whose connection dies. A COMMIT cut off on its way is not retried.
  const exclusive = <T>(fn: (db: Db) => Promise<T>): Promise<T> =>
    withClient(false, async (client) => {
      await client.query('BEGIN');
      let result: T;
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        const inner = over(
          client,
          () => Promise.reject(new Error('nested exclusive')),
          async () => {},
        );
        result = await fn(inner);
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        // Before COMMIT, a lost connection means the server rolled the transaction back.
        throw classify(e, 'query') === 'unknown-outcome' ? new RolledBack(e) : e;
      }
      await client.query('COMMIT');
      return result;
    });

  return {
    dialect: 'postgres',
    async all(sql, params = []) {
      return (await statement(sql, params)).rows as Row[];
    },
    async run(sql, params = []) {
      return (await statement(sql, params)).rowCount ?? 0;
    },
    exclusive,
    close: () => pool.end(),
  };
}
