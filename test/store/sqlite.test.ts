import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createSqlStore } from '../../src/store/sql-store.js';
import { openSqliteDb } from '../../src/store/sqlite-db.js';
import { type Backend, storeContract } from './contract.js';

const sqlite: Backend = {
  name: 'SQLite',
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), 'crashbot-store-'));
    const path = join(dir, 'data', 'crashbot.sqlite');
    return {
      open: (options) => createSqlStore(openSqliteDb(path), options),
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
      async dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

storeContract(sqlite);
