// Every regular expression the redactor runs, for the linear-time proof in the tests.
import { assignmentPatterns } from './assignments.js';
import { commandPatterns } from './commands.js';
import { connectionPatterns } from './connections.js';
import { flagPatterns } from './flags.js';
import { headerPatterns } from './headers.js';
import { keyPatterns } from './keys.js';
import { personalPatterns } from './personal.js';
import { tokenPatterns } from './tokens.js';

export const redactionPatterns: readonly RegExp[] = [
  ...tokenPatterns,
  ...assignmentPatterns,
  ...flagPatterns,
  ...commandPatterns,
  ...connectionPatterns,
  ...headerPatterns,
  ...keyPatterns,
  ...personalPatterns,
];
