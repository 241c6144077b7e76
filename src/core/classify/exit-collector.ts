// The exit codes printed in a log, with the lines they were read from.
import { asksForExitCode, findExitCodes, readQueryAnswer } from '../exit-codes/find.js';
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
  // `$LASTEXITCODE`, `echo %ERRORLEVEL%` or `echo $?` print the code on the next line.
  let query = false;
  const keep = (code: DecodedExitCode, lineNo: number, raw: string) => {
    const found = { code: { ...code, line: lineNo }, line: lineNo, raw };
    if (first.length < KEEP) first.push(found);
    else {
      last.push(found);
      if (last.length > KEEP) last.shift();
    }
  };
  return {
    line(text, lineNo, raw) {
      const answer = query ? readQueryAnswer(text, table)[0] : undefined;
      query = asksForExitCode(text);
      if (answer) {
        if (answer.unsigned !== 0) keep(answer, lineNo, raw);
        return;
      }
      for (const code of findExitCodes(text, table)) keep(code, lineNo, raw);
    },
    wantsNext: () => query,
    result() {
      return [...first, ...last];
    },
  };
}
