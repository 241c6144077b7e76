// Db over a pg Pool. `exclusive` runs in one transaction on one client and takes an
// advisory lock, so two instances starting at once migrate one after the other.
import pg from 'pg';
import { type Db, numberPlaceholders, type Row, type SqlValue } from './db.js';

const MIGRATION_LOCK = 0x6372_6173; // "cras"

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

export function openPostgresDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 5 });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const exclusive: Db['exclusive'] = async (fn) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const inner = over(
        client,
        () => Promise.reject(new Error('nested exclusive')),
        async () => {},
      );
      const result = await fn(inner);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  };
  return over(pool, exclusive, () => pool.end());
}
