// Which PostgreSQL failures are worth retrying, and which statements may be retried
// when their outcome is unknown. A database restart shows up as refused connections
// (ECONNREFUSED, 57P03 "starting up"), connections the server ends (57P01 admin
// shutdown, 57P02 crash shutdown, class 08) and sockets that just close. Retrying is
// always safe when the statement never reached the server, or when the server answered
// it with an error (the statement failed, so nothing was committed). When the socket
// died after the statement was sent, the server may have committed it: only
// statements that are harmless twice are retried then (reads, deletes, updates and
// upserts that set values). A plain INSERT is not: it would store a record twice; nor is
// a statement that adds to a column (`count = rate_counters.count + 1`): it would count
// twice.

/** SQLSTATEs of a server that is going away or not there yet. */
const TRANSIENT_SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/;

/** Socket errors of a server that is down or restarting. */
const TRANSIENT_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** node-postgres errors raised before a statement is written to the socket. */
const NOT_SENT_MESSAGES = [
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** node-postgres errors of a connection that went away while a statement was out. */
const LOST_MESSAGES = ['Connection terminated unexpectedly', 'Connection terminated', 'Query read timeout'];

export type Failure =
  /** Nothing was sent, or the server refused the statement: retrying any statement is safe. */
  | 'retry'
  /** The connection died with the statement out: its outcome is unknown. */
  | 'unknown-outcome'
  /** Not a connection problem (a constraint, a syntax error): never retried. */
  | 'fatal';

/** A transaction whose connection died before COMMIT: the server rolled it back. */
export class RolledBack extends Error {
  constructor(cause: unknown) {
    super(`transaction rolled back: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RolledBack';
  }
}

function field(e: unknown, name: string): string | undefined {
  const v = e && typeof e === 'object' ? (e as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** Classifies an error from connecting (`phase: 'connect'`) or from running a statement. */
export function classify(e: unknown, phase: 'connect' | 'query'): Failure {
  if (e instanceof RolledBack) return 'retry';
  const code = field(e, 'code');
  const message = field(e, 'message') ?? '';
  // The server answered with the error: the statement (or the connection attempt) failed.
  if (code && TRANSIENT_SQLSTATE.test(code)) return 'retry';
  if (field(e, 'severity') !== undefined) return 'fatal';
  if (NOT_SENT_MESSAGES.includes(message)) return 'retry';
  const errno = code && TRANSIENT_ERRNO.has(code);
  const lost = LOST_MESSAGES.includes(message) || message.startsWith('Connection terminated');
  if (phase === 'connect') return errno || lost || /timeout/i.test(message) ? 'retry' : 'fatal';
  return errno || lost ? 'unknown-outcome' : 'fatal';
}

/** `col = col + ...` or `col = table.col - ...`: a value set from itself, changed again on a second run. */
const SELF_INCREMENT = /\b(\w+)\s*=\s*(?:\w+\.)?\1\s*[-+]/i;

/** Whether running `sql` twice leaves the database as running it once. */
export function harmlessTwice(sql: string): boolean {
  if (SELF_INCREMENT.test(sql)) return false;
  const head = sql.trimStart().slice(0, 6).toUpperCase();
  if (head === 'SELECT' || head === 'DELETE' || head === 'UPDATE') return true;
  return head === 'INSERT' && /\bON\s+CONFLICT\b/i.test(sql);
}

/** Waits before retry `n` (0-based): 50 ms doubling up to 1 s. */
export function backoffMs(n: number): number {
  return Math.min(1000, 50 * 2 ** n);
}
