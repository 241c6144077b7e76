// Loads knowledge/compat/. (The tables and their schema arrive with the version-checks work.)
import type { CompatTables } from '../core/versions/compat-types.js';
import type { ProblemList } from './files.js';

export function loadCompat(_dir: string, _problems: ProblemList): CompatTables {
  return {};
}
