import pg from 'pg';
import { describe, inject } from 'vitest';
import { openPostgresDb } from '../../src/store/postgres-db.js';
import { createSqlStore } from '../../src/store/sql-store.js';
import { createTestDatabase } from '../setup/pg-database.js';
import { type Backend, storeContract } from './contract.js';

const serverUrl = inject('pgUrl');

const postgres = (url: string): Backend => ({
  name: 'PostgreSQL',
  async fresh() {
    const db = await createTestDatabase(url);
    return {
      open: (options) => createSqlStore(openPostgresDb(db.url), options),
      async dump() {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        try {
          const tables = await c.query(
            `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
          );
          const out: string[] = [];
          for (const t of tables.rows)
            out.push(JSON.stringify((await c.query(`SELECT * FROM "${t.table_name}"`)).rows));
          return out.join('\n');
        } finally {
          await c.end();
        }
      },
      drop: db.drop,
      dispose: db.drop,
    };
  },
});

describe.skipIf(!serverUrl)('PostgreSQL store', () => {
  if (serverUrl) storeContract(postgres(serverUrl));
});
