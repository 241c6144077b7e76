// The printed forms of an exit code in a log line, one pattern each, gathered from
// patterns/. Every pattern starts with a literal and uses no nested or adjacent unbounded
// repeats, so matching is linear (test/core/exit-codes/regex-safety.test.ts checks each
// with recheck). The order matters only for hits at the same position: the first wins.
import { GENERIC_HELPER_REGEXES, GENERIC_PATTERNS } from './patterns/generic.js';
import { KIT_REGEXES, type LinePattern } from './patterns/kit.js';
import { LOCALIZED_HELPER_REGEXES, LOCALIZED_PATTERNS } from './patterns/localized.js';
import { SERVICE_PATTERNS } from './patterns/services.js';
import { SHELL_HELPER_REGEXES, SHELL_PATTERNS } from './patterns/shells.js';
import { KNOWN_HEX_NEEDLES, WINDOWS_PATTERNS } from './patterns/windows.js';

export type { LinePattern };
export { KNOWN_HEX_NEEDLES };

export const LINE_PATTERNS: readonly LinePattern[] = [
  ...SERVICE_PATTERNS,
  ...GENERIC_PATTERNS,
  ...WINDOWS_PATTERNS,
  ...SHELL_PATTERNS,
  ...LOCALIZED_PATTERNS,
];

/** Prose after a number ("exit code 137 usually means ..."): that number is talked about, not printed. */
export const PROSE_AFTER =
  /^[ \t]*(?:means?|meaning|indicates?|usually|typically|normally|generally|often|stands|refers|is|are|was|signals|signifies|implies)\b|^[ \t]*\?/i;

export const LINE_HELPER_REGEXES: readonly RegExp[] = [
  PROSE_AFTER,
  ...KIT_REGEXES,
  ...GENERIC_HELPER_REGEXES,
  ...SHELL_HELPER_REGEXES,
  ...LOCALIZED_HELPER_REGEXES,
];
