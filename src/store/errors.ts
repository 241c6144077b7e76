// Store failures that are not the caller's fault (the database is unreachable, a
// migration failed) carry a stable code; callers branch on the code, never the text.

export type StoreErrorCode =
  | 'STORE_OPEN_FAILED'
  | 'STORE_MIGRATION_FAILED'
  | 'STORE_QUERY_FAILED'
  /** The database stayed unreachable for longer than the retry budget. */
  | 'STORE_UNAVAILABLE'
  /** No user-hash salt where one is needed (PostgreSQL without CRASHBOT_USER_SALT, a lost salt file). */
  | 'STORE_SALT_MISSING'
  /** The salt given is not the one this database's user hashes were made with. */
  | 'STORE_SALT_MISMATCH';

export class StoreError extends Error {
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreError';
    this.code = code;
  }
}

/** Runs a query; a driver error becomes a StoreError with the query's purpose in its message. */
export async function query<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof StoreError) throw e;
    throw new StoreError('STORE_QUERY_FAILED', `${what}: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    });
  }
}
