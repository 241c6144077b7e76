// A code as it was found in text, before it is read against the tables.
import type { Widened } from './values.js';

/**
 * How a number was printed, which decides the order of its readings:
 * - status: after "exit code" / "exit status" (a shell, an IDE, a container runtime);
 * - returncode: after "returncode" (Python's subprocess);
 * - hex: written in hex, or named by Python's faulthandler (an NTSTATUS first);
 * - bare: a number with nothing around it.
 */
export type ValueRoute = 'status' | 'returncode' | 'hex' | 'bare';

export interface ValueHit {
  kind: 'value';
  value: number;
  route: ValueRoute;
  input: string;
  /** Position of the match in the scanned line (for ordering); 0 when decoding. */
  at: number;
  /** Keep only when the tables know the value (a bare 0x... in a line may be an address). */
  known?: boolean;
  /** Printed as an unsigned 64-bit number, maybe through a double (see values.ts). */
  widened?: Widened;
}

/** A death by signal, printed as a number, a name (SIGKILL) or a description (Killed). */
export interface SignalHit {
  kind: 'signal';
  number?: number;
  name?: string;
  input: string;
  at: number;
}

/** A number that looked like a code but does not fit in 32 bits. */
export interface OutOfRangeHit {
  kind: 'out-of-range';
  input: string;
  at: number;
}

export type Hit = ValueHit | SignalHit | OutOfRangeHit;
