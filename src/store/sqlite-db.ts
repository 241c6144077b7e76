// Db over better-sqlite3: one connection, WAL so several processes can share the file,
// a busy timeout so concurrent writers wait instead of failing.
// Durability: with WAL and synchronous=NORMAL (the default) a commit is written to the
// WAL file (the operating system has it) before the statement returns, but not fsynced.
// So a killed process (kill -9, a crash) loses no committed transaction, and the file
// stays intact; a power cut or kernel crash may drop the commits since the WAL was last
// synced (at a checkpoint), never corrupting the file. synchronous=FULL
// (CRASHBOT_SQLITE_SYNCHRONOUS=full) closes that gap at one fsync per commit (milliseconds
// each on a virtual disk). test/durability checks both: kill -9, and power loss simulated
// from what was fsynced.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Db, Row, SqlValue } from './db.js';

const MAX_PREPARED = 256;

export interface SqliteOptions {
  synchronous?: 'normal' | 'full';
}

export function openSqliteDb(path: string, options: SqliteOptions = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const conn = new Database(path);
  conn.pragma('journal_mode = WAL');
  conn.pragma('busy_timeout = 10000');
  conn.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  conn.pragma('foreign_keys = ON');
  // What is deleted or overwritten is zeroed in the file too, not left in free pages (the
  // pasted logs an older version kept, emptied by a migration, must not linger).
  conn.pragma('secure_delete = ON');
  // Statements are prepared once per SQL text: the store's statements are a fixed set,
  // and preparing is a good part of a small statement's cost. Bounded all the same.
  const prepared = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let stmt = prepared.get(sql);
    if (!stmt) {
      stmt = conn.prepare(sql);
      if (prepared.size >= MAX_PREPARED) prepared.delete(prepared.keys().next().value as string);
      prepared.set(sql, stmt);
    }
    return stmt;
  };
  const db: Db = {
    dialect: 'sqlite',
    async all(sql, params = []) {
      const stmt = prepare(sql);
      if (stmt.reader) return stmt.all(...(params as SqlValue[])) as Row[];
      stmt.run(...(params as SqlValue[]));
      return [];
    },
    async run(sql, params = []) {
      return prepare(sql).run(...(params as SqlValue[])).changes;
    },
    async exclusive(fn) {
      conn.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(db);
        conn.exec('COMMIT');
        return result;
      } catch (e) {
        if (conn.inTransaction) conn.exec('ROLLBACK');
        throw e;
      }
    },
    async close() {
      conn.close();
    },
  };
  return db;
}
