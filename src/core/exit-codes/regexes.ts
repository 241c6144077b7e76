// Every regular expression the exit-code module runs, in one list, so that one test can
// prove none of them can backtrack catastrophically.
import { DECODE_INPUT_REGEXES } from './decode-input.js';
import { LINE_HELPER_REGEXES, LINE_PATTERNS } from './line-patterns.js';
import { VALUE_REGEXES } from './values.js';

export const EXIT_CODE_REGEXES: readonly { id: string; re: RegExp }[] = [
  ...LINE_PATTERNS.map((p) => ({ id: `line:${p.id}`, re: p.re })),
  ...LINE_HELPER_REGEXES.map((re, i) => ({ id: `line-helper:${i}`, re })),
  ...DECODE_INPUT_REGEXES.map((re, i) => ({ id: `decode-input:${i}`, re })),
  ...VALUE_REGEXES.map((re, i) => ({ id: `value:${i}`, re })),
];
