// The little SQL surface both databases share. Queries use `?` placeholders; the
// PostgreSQL side numbers them. Integers that may exceed 2^31 (times, ids) come back
// as numbers or numeric strings, so row readers pass them through Number().

export type SqlValue = string | number | null;
export type Row = Record<string, unknown>;

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  readonly dialect: Dialect;
  all(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** Returns the number of rows changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /** Runs `fn` in one transaction holding the database's write lock (SQLite) or migration lock (PostgreSQL). */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `?` -> `$1, $2, ...` (no `?` appears inside the store's string literals). */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
