// The salt of the user hashes lives outside the database, so a copy of the database (a
// backup, a dump, read access to PostgreSQL) cannot be matched back to people: it is
// CRASHBOT_USER_SALT (or CRASHBOT_USER_SALT_FILE), or for SQLite a file crashbot keeps
// beside the database file (created at first start, mode 0600). The database keeps only
// a check value (an HMAC of a fixed text under the salt, which does not give the salt
// away), so an instance whose salt differs from the one the hashes were made with stops
// with STORE_SALT_MISMATCH instead of starting a second set of hashes; several instances
// on one PostgreSQL must all be given the same salt.
//
// Older versions kept a random salt in crashbot_meta. It is moved out, keeping every hash
// as it was: SQLite writes it to the salt file and deletes it from the database; PostgreSQL
// cannot (instances share no disk), so it keeps using it and says, each start, how to move it.
import { createHmac, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { Db } from './db.js';
import { StoreError } from './errors.js';

export interface SaltSource {
  /** CRASHBOT_USER_SALT (or the content of CRASHBOT_USER_SALT_FILE). */
  configured?: string | undefined;
  /** Where crashbot keeps a salt of its own when none is configured (SQLite); undefined: none. */
  file?: string | undefined;
  /** No lasting salt: an in-memory database, gone with the process. */
  ephemeral?: boolean;
}

export interface SettledSalt {
  salt: string;
  /** What the operator should hear (the salt moved, or still to move); undefined: nothing. */
  notice?: string;
}

const LEGACY = 'user_salt';
const CHECK = 'user_salt_check';

/** The check value kept in the database for a salt. */
export function saltCheck(salt: string): string {
  return createHmac('sha256', salt).update('crashbot user-hash salt check v1').digest('hex');
}

/** Inside the migration lock: the salt to hash users with, checked against (or recorded in) the database. */
export async function settleUserSalt(tx: Db, source: SaltSource): Promise<SettledSalt> {
  const meta = async (key: string) =>
    (await tx.all(`SELECT value FROM crashbot_meta WHERE key = ?`, [key]))[0]?.value as string | undefined;
  const legacy = await meta(LEGACY);
  const check = await meta(CHECK);
  const fromFile = source.file && existsSync(source.file) ? readSaltFile(source.file) : undefined;

  let salt: string;
  let notice: string | undefined;
  if (source.configured) salt = source.configured;
  else if (legacy !== undefined && source.file) {
    // The salt this database's hashes were made with: move it out, unchanged.
    if (fromFile !== undefined && fromFile !== legacy)
      throw new StoreError(
        'STORE_SALT_MISMATCH',
        `${source.file} holds another salt than the one this database was created with: move that file away (the database's own salt is then moved there)`,
      );
    if (fromFile === undefined) writeSaltFile(source.file, legacy);
    notice = `store: moved the user-hash salt out of the database into ${source.file}; keep that file, and back it up apart from the database`;
    salt = legacy;
  } else if (legacy !== undefined) {
    salt = legacy;
    notice =
      'store: the user-hash salt is still kept in the PostgreSQL database; to move it out, read it once with ' +
      `psql "$DATABASE_URL" -Atc "SELECT value FROM crashbot_meta WHERE key = '${LEGACY}'", ` +
      'give it to every instance as CRASHBOT_USER_SALT (or CRASHBOT_USER_SALT_FILE) and restart them';
  } else if (fromFile !== undefined) salt = fromFile;
  else if (check !== undefined && !source.ephemeral)
    throw new StoreError(
      'STORE_SALT_MISSING',
      source.file
        ? `this database's user hashes were made with a salt kept in ${source.file}, which is missing: restore it, or set CRASHBOT_USER_SALT to that salt`
        : "this database's user hashes were made with a salt this instance is not given: set CRASHBOT_USER_SALT (or CRASHBOT_USER_SALT_FILE) to the salt the other instances use",
    );
  else if (source.file) {
    salt = randomBytes(32).toString('hex');
    writeSaltFile(source.file, salt);
  } else if (source.ephemeral) salt = randomBytes(32).toString('hex');
  else
    throw new StoreError(
      'STORE_SALT_MISSING',
      'PostgreSQL is shared by instances, so the user-hash salt must be given: set CRASHBOT_USER_SALT (or CRASHBOT_USER_SALT_FILE) to the same secret on every instance, e.g. the output of `openssl rand -hex 32`',
    );

  const mine = saltCheck(salt);
  if (check !== undefined && check !== mine && !source.ephemeral)
    throw new StoreError(
      'STORE_SALT_MISMATCH',
      `the user-hash salt (${source.configured ? 'CRASHBOT_USER_SALT' : (source.file ?? 'the database')}) is not the one this database's hashes were made with: every instance on one database needs the same salt, or the same people would be counted twice`,
    );
  if (check === undefined)
    await tx.run(`INSERT INTO crashbot_meta (key, value) VALUES (?, ?)`, [CHECK, mine]);
  else if (check !== mine) await tx.run(`UPDATE crashbot_meta SET value = ? WHERE key = ?`, [mine, CHECK]);
  // Moved out (SQLite), or never used (a configured salt always won over it).
  if (legacy !== undefined && (source.file || source.configured))
    await tx.run(`DELETE FROM crashbot_meta WHERE key = ?`, [LEGACY]);
  return notice ? { salt, notice } : { salt };
}

function readSaltFile(path: string): string {
  const salt = readFileSync(path, 'utf8').trim();
  if (!salt) throw new StoreError('STORE_SALT_MISSING', `${path} is empty: restore the salt it held`);
  return salt;
}

/** Written whole or not at all, readable by its owner only, on disk before the database forgets it. */
function writeSaltFile(path: string, salt: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${salt}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}
