// The two store backends the suites run on: a SQLite file in a temp dir, and a fresh
// database on the throwaway PostgreSQL server.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openPostgresDb } from '../../src/store/postgres-db.js';
import { createSqlStore } from '../../src/store/sql-store.js';
import { openSqliteDb } from '../../src/store/sqlite-db.js';
import { createTestDatabase } from '../setup/pg-database.js';
import type { Backend } from './contract.js';

export const sqliteBackend: Backend = {
  name: 'SQLite',
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), 'crashbot-store-'));
    const path = join(dir, 'data', 'crashbot.sqlite');
    return {
      config: { store: { kind: 'sqlite', path } },
      // The salt as a plain install keeps it: a file beside the database.
      open: (options) =>
        createSqlStore(openSqliteDb(path), { saltFile: join(dir, 'data', 'crashbot.user-salt'), ...options }),
      async dump() {
        const conn = new Database(path);
        const tables = conn.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as {
          name: string;
        }[];
        const rows = tables.map((t) => JSON.stringify(conn.prepare(`SELECT * FROM "${t.name}"`).all()));
        conn.pragma('wal_checkpoint(TRUNCATE)');
        conn.close();
        // The file's own bytes too: nothing may linger in free pages or the WAL.
        const bytes = ['', '-wal'].map((s) => {
          try {
            return readFileSync(path + s).toString('latin1');
          } catch {
            return '';
          }
        });
        return [...rows, ...bytes].join('\n');
      },
      async exec(sql) {
        const conn = new Database(path);
        try {
          conn.exec(sql);
        } finally {
          conn.close();
        }
      },
      async dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

export function postgresBackend(serverUrl: string): Backend {
  return {
    name: 'PostgreSQL',
    async fresh() {
      const db = await createTestDatabase(serverUrl);
      return {
        config: { store: { kind: 'postgres', url: db.url } },
        // PostgreSQL's salt is always configured (its instances share no disk).
        open: (options) => createSqlStore(openPostgresDb(db.url), { userSalt: 'test-salt', ...options }),
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
        async exec(sql) {
          const c = new pg.Client({ connectionString: db.url });
          await c.connect();
          try {
            await c.query(sql);
          } finally {
            await c.end();
          }
        },
        dispose: db.drop,
      };
    },
  };
}

/** The backends to run on: SQLite always, PostgreSQL when the setup provided a server. */
export function backends(pgUrl: string | null): Backend[] {
  return pgUrl ? [sqliteBackend, postgresBackend(pgUrl)] : [sqliteBackend];
}
