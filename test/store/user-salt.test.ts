// The user-hash salt lives outside the database: CRASHBOT_USER_SALT, or for SQLite a file
// beside it. A database an older version made (its salt inside) keeps every hash as it
// was when the salt moves out; a salt other than the one the hashes were made with, or a
// lost salt file, stops start-up with a code instead of starting a second set of hashes.
import { mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Config } from '../../src/config/config.js';
import { openStore } from '../../src/store/open.js';
import type { ChannelRef } from '../../src/store/types.js';
import { createTestDatabase, type TestDatabase } from '../setup/pg-database.js';
import { makeDiagnosis } from './fixtures.js';

const CHANNEL: ChannelRef = { platform: 'slack', workspace: 'T1', channel: 'C1' };
const crash = makeDiagnosis({ cause: 'segfault', evidence: ['Segmentation fault (core dumped)'] });

async function open(store: Config['store'], userSalt?: string) {
  const log: string[] = [];
  const r = await openStore({ store, userSalt }, (line) => log.push(line));
  return { ...r, log: log.join('') };
}

/** The hash the store gives user U7, through a record. */
async function hashOfU7(store: Config['store'], userSalt?: string): Promise<string> {
  const r = await open(store, userSalt);
  if (!r.ok) throw r.error;
  try {
    return (await r.store.recordDiagnosis(crash, { channel: CHANNEL, userId: 'U7', at: new Date() }))
      .userHash;
  } finally {
    await r.store.close();
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('user-hash salt on SQLite', () => {
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'crashbot-salt-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'data', 'crashbot.sqlite');
    return {
      dir,
      path,
      store: { kind: 'sqlite', path } as const,
      saltFile: join(dir, 'data', 'crashbot.user-salt'),
    };
  };
  const meta = (path: string) => {
    const db = new Database(path);
    try {
      return Object.fromEntries(
        (db.prepare('SELECT key, value FROM crashbot_meta').all() as { key: string; value: string }[]).map(
          (r) => [r.key, r.value],
        ),
      );
    } finally {
      db.close();
    }
  };

  it('GIVEN no salt configured THEN one is made in a file beside the database (owner-only), not in it, and hashes stay put', async () => {
    const { path, store, saltFile } = fresh();
    const first = await hashOfU7(store);
    const salt = readFileSync(saltFile, 'utf8').trim();
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(saltFile).mode & 0o777).toBe(0o600);
    expect(Object.keys(meta(path))).toEqual(['user_salt_check']);
    expect(readFileSync(path).toString('latin1')).not.toContain(salt);
    expect(await hashOfU7(store)).toBe(first);
  });

  it('GIVEN a database an older version made (its salt inside) THEN the salt moves to the file and every hash stays the same', async () => {
    const { path, store, saltFile } = fresh();
    const before = await hashOfU7(store);
    // What an older version left: the salt in crashbot_meta, no check value, no file.
    const salt = readFileSync(saltFile, 'utf8').trim();
    unlinkSync(saltFile);
    const db = new Database(path);
    db.prepare(`DELETE FROM crashbot_meta`).run();
    db.prepare(`INSERT INTO crashbot_meta (key, value) VALUES ('user_salt', ?)`).run(salt);
    db.close();

    const r = await open(store);
    if (!r.ok) throw r.error;
    await r.store.close();
    expect(r.log).toContain(`moved the user-hash salt out of the database into ${saltFile}`);
    expect(readFileSync(saltFile, 'utf8').trim()).toBe(salt);
    expect(Object.keys(meta(path))).toEqual(['user_salt_check']);
    expect(await hashOfU7(store)).toBe(before);
  });

  it('GIVEN an older database with CRASHBOT_USER_SALT set THEN the unused salt inside is dropped and the configured one kept', async () => {
    const { path, store } = fresh();
    const before = await hashOfU7(store, 'configured-salt');
    const db = new Database(path);
    db.prepare(`DELETE FROM crashbot_meta`).run();
    db.prepare(`INSERT INTO crashbot_meta (key, value) VALUES ('user_salt', 'an-unused-random-salt')`).run();
    db.close();
    expect(await hashOfU7(store, 'configured-salt')).toBe(before);
    expect(meta(path).user_salt).toBeUndefined();
  });

  it('GIVEN the salt file lost THEN start-up stops with STORE_SALT_MISSING naming the file', async () => {
    const { store, saltFile } = fresh();
    await hashOfU7(store);
    unlinkSync(saltFile);
    const r = await open(store);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('STORE_SALT_MISSING');
    expect(r.error.message).toContain(saltFile);
  });

  it('GIVEN another salt than the hashes were made with THEN STORE_SALT_MISMATCH, and no record is written', async () => {
    const { store, saltFile } = fresh();
    await hashOfU7(store);
    writeFileSync(saltFile, 'someone-elses-salt\n');
    const fromFile = await open(store);
    expect(!fromFile.ok && fromFile.error.code).toBe('STORE_SALT_MISMATCH');
    const configured = await open(store, 'yet-another-salt');
    expect(!configured.ok && configured.error.code).toBe('STORE_SALT_MISMATCH');
    expect(!configured.ok && configured.error.message).toMatch(
      /every instance on one database needs the same salt/,
    );
  });
});

const serverUrl = inject('pgUrl');

describe.skipIf(!serverUrl)('user-hash salt on PostgreSQL', () => {
  const fresh = async () => {
    const db: TestDatabase = await createTestDatabase(serverUrl!, 'crashbot_salt');
    cleanups.push(db.drop);
    return { url: db.url, store: { kind: 'postgres', url: db.url } as const };
  };
  const sql = async (url: string, text: string, params: string[] = []) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as { key: string; value: string }[];
    } finally {
      await c.end();
    }
  };

  it('GIVEN no salt configured THEN start-up stops with STORE_SALT_MISSING saying what to set', async () => {
    const { store } = await fresh();
    const r = await open(store);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('STORE_SALT_MISSING');
    expect(r.error.message).toMatch(/CRASHBOT_USER_SALT .*the same secret on every instance/);
  });

  it('GIVEN instances with the same salt THEN one hash per user; GIVEN one with another salt THEN it stops with STORE_SALT_MISMATCH', async () => {
    const { url, store } = await fresh();
    const a = await hashOfU7(store, 'shared-salt');
    expect(await hashOfU7(store, 'shared-salt')).toBe(a);
    const other = await open(store, 'a-different-salt');
    expect(!other.ok && other.error.code).toBe('STORE_SALT_MISMATCH');
    const rows = await sql(url, 'SELECT key, value FROM crashbot_meta');
    expect(rows.map((r) => r.key)).toEqual(['user_salt_check']);
    expect(JSON.stringify(rows)).not.toContain('shared-salt');
  });

  it('GIVEN a database an older version made (its salt inside) THEN it keeps working with the same hashes and says how to move the salt; given that salt, it moves out', async () => {
    const { url, store } = await fresh();
    const before = await hashOfU7(store, 'legacy-random-salt');
    await sql(url, 'DELETE FROM crashbot_meta');
    await sql(url, `INSERT INTO crashbot_meta (key, value) VALUES ('user_salt', $1)`, ['legacy-random-salt']);

    const unconfigured = await open(store);
    if (!unconfigured.ok) throw unconfigured.error;
    await unconfigured.store.close();
    expect(unconfigured.log).toMatch(/salt is still kept in the PostgreSQL database; to move it out/);
    expect(await hashOfU7(store)).toBe(before);

    expect(await hashOfU7(store, 'legacy-random-salt')).toBe(before);
    const rows = await sql(url, 'SELECT key FROM crashbot_meta');
    expect(rows.map((r) => r.key)).toEqual(['user_salt_check']);
    const after = await open(store);
    expect(!after.ok && after.error.code).toBe('STORE_SALT_MISSING');
  });
});
