// The exit codes printed in a log, with the lines they were read from.
import { findExitCodes } from '../exit-codes/find.js';
import type { ExitCodeTable } from '../exit-codes/table.js';
import type { DecodedExitCode } from '../types.js';
import type { LineExtractor } from './scanner.js';

const KEEP = 16;

export interface ExitFound {
  code: DecodedExitCode;
  line: number;
  /** The line as it was read (quoted only when shown). */
  raw: string;
}

export interface ExitCollector extends LineExtractor {
  result(): ExitFound[];
}

/** Keeps the first and the last few exit codes of a log (a flood of `Killed` lines stays bounded). */
export function createExitCollector(table: ExitCodeTable): ExitCollector {
  const first: ExitFound[] = [];
  const last: ExitFound[] = [];
  return {
    line(text, lineNo, raw) {
      for (const code of findExitCodes(text, table)) {
        const found = { code: { ...code, line: lineNo }, line: lineNo, raw };
        if (first.length < KEEP) first.push(found);
        else {
          last.push(found);
          if (last.length > KEEP) last.shift();
        }
      }
    },
    result() {
      return [...first, ...last];
    },
  };
}
