// Loads knowledge/exit-codes/. (The tables and their schema arrive with the exit-code work.)
import type { ExitCodeTable } from '../core/exit-codes/table.js';
import type { ProblemList } from './files.js';

export function loadExitCodes(_dir: string, _problems: ProblemList): ExitCodeTable {
  return { ntstatus: [], signals: [], plain: [] };
}
