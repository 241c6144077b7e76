// The exit codes printed in one log line. The classifier calls findExitCodes line by line
// (lines already stripped of timestamps and ANSI) after a prefilter on EXIT_CODE_NEEDLES.
import { NeedleFinder } from '../classify/needle-finder.js';
import { isAscii } from '../classify/wide-needles.js';
import type { DecodedExitCode } from '../types.js';
import { QUERY_LINE, readShortForm } from './decode-input.js';
import type { Hit } from './hit.js';
import { LINE_PATTERNS, type LinePattern, PROSE_AFTER } from './line-patterns.js';
import { readSignal, readValue } from './readings.js';
import type { ExitCodeTable } from './table.js';

/** Lines longer than this are scanned only at their head and tail (HEAD_TAIL characters each). */
export const LONG_LINE = 100_000;
export const HEAD_TAIL = 8_192;
const PROSE_WINDOW = 40;

/**
 * Lower-case ASCII literals such that every line for which findExitCodes returns something
 * contains at least one of them (a needle that contains another is left out): the log
 * scanner hands the exit-code reader only lines that hold one.
 */
export const EXIT_CODE_NEEDLES: readonly string[] = minimalNeedles([
  ...LINE_PATTERNS.flatMap((p) => p.scanNeedles ?? p.needles).filter(isAscii),
  // The commands whose next line is the code (asksForExitCode).
  '$lastexitcode',
  '%errorlevel%',
  'echo $?',
  'echo $status',
]);

/**
 * The needles in other scripts (a localized "已杀死") of the patterns that name no ASCII
 * scan needles: the scanner looks for these in lines that hold a character past ASCII.
 */
export const EXIT_CODE_WIDE_NEEDLES: readonly string[] = minimalNeedles(
  LINE_PATTERNS.flatMap((p) => (p.scanNeedles ? [] : p.needles.filter((n) => !isAscii(n)))),
);

/** Whether a line is a command that prints the last exit code on the next line (`$LASTEXITCODE`, `echo $?`). */
export function asksForExitCode(line: string): boolean {
  return QUERY_LINE.test(line);
}

/** The readings of the value such a command printed alone on its line (`-1073741819`, `137`), as an exit status. */
export function readQueryAnswer(line: string, table: ExitCodeTable): DecodedExitCode[] {
  const short = readShortForm(line.trim());
  if (!short?.ok || short.hit.kind !== 'value') return [];
  return readHit({ ...short.hit, route: short.hit.route === 'hex' ? 'hex' : 'status' }, table);
}

/**
 * The codes printed in `line`, each read as its likeliest meaning, in the order they
 * appear; one per name. Exit code 0 (success) is left out. `line` is not set.
 */
export function findExitCodes(line: string, table: ExitCodeTable): DecodedExitCode[] {
  const out: DecodedExitCode[] = [];
  const names = new Set<string>();
  for (const hit of findHits(line)) {
    const reading = readHit(hit, table)[0];
    if (!reading || reading.unsigned === 0 || names.has(reading.name)) continue;
    if (hit.kind === 'value' && hit.known && !isTableReading(reading, table)) continue;
    names.add(reading.name);
    out.push(reading);
  }
  return out;
}

/** Every reading of a hit, the likeliest first; empty for a hit that is not a code. */
export function readHit(hit: Hit, table: ExitCodeTable): DecodedExitCode[] {
  if (hit.kind === 'value') return readValue(hit, table);
  if (hit.kind === 'signal') return readSignal(hit, table);
  return [];
}

/** Every code-shaped match in a line, in order of position, out-of-range numbers included. */
export function findHits(line: string): Hit[] {
  const hits: Hit[] = [];
  if (line.length <= LONG_LINE) {
    scan(line, line, 0, true, true, hits);
  } else {
    scan(line, line.slice(0, HEAD_TAIL), 0, true, false, hits);
    scan(line, line.slice(-HEAD_TAIL), line.length - HEAD_TAIL, false, true, hits);
  }
  return hits.sort((a, b) => a.at - b.at);
}

function scan(line: string, text: string, offset: number, start: boolean, end: boolean, hits: Hit[]): void {
  const stamp = markCandidates(text);
  const marks = search!.marks;
  for (let p = 0; p < LINE_PATTERNS.length; p++) {
    if (marks[p] !== stamp) continue;
    const pattern = LINE_PATTERNS[p]!;
    if ((pattern.atStart && !start) || (pattern.atEnd && !end)) continue;
    const re = pattern.re;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0] === '') re.lastIndex++;
      const at = offset + m.index;
      if (isProse(pattern, line, at + m[0].length)) continue;
      const hit = pattern.read(m, line, at);
      if (hit) hits.push(hit);
    }
  }
}

/**
 * Marks (with the stamp it returns) each pattern, by index, one of whose needles the text
 * holds, ASCII case ignored: one needle search for all patterns. A needle in another
 * script (a localized console's `代码为`) is looked for in the lower-cased text, and only
 * when the text holds such letters.
 */
function markCandidates(text: string): number {
  search ??= patternSearch();
  const s = search;
  const stamp = ++s.stamp;
  s.finder.scan(text, (needle) => {
    for (const p of s.byNeedle[needle]!) s.marks[p] = stamp;
    return false;
  });
  if (s.otherScripts.length > 0 && !isAscii(text)) {
    const lower = text.toLowerCase();
    for (const [p, needles] of s.otherScripts)
      if (s.marks[p] !== stamp && needles.some((n) => lower.includes(n))) s.marks[p] = stamp;
  }
  return stamp;
}

let search:
  | {
      finder: NeedleFinder;
      byNeedle: number[][];
      otherScripts: [number, readonly string[]][];
      /** Per pattern, the stamp of the last text that holds one of its needles. */
      marks: Uint32Array;
      stamp: number;
    }
  | undefined;

function patternSearch(): NonNullable<typeof search> {
  const index = new Map<string, number[]>();
  const otherScripts: [number, readonly string[]][] = [];
  LINE_PATTERNS.forEach((pattern, p) => {
    const other = pattern.needles.filter((n) => !isAscii(n));
    if (other.length) otherScripts.push([p, other]);
    for (const n of pattern.needles) {
      if (!isAscii(n)) continue;
      const list = index.get(n) ?? [];
      list.push(p);
      index.set(n, list);
    }
  });
  return {
    finder: new NeedleFinder([...index.keys()]),
    byNeedle: [...index.values()],
    otherScripts,
    marks: new Uint32Array(LINE_PATTERNS.length),
    stamp: 0,
  };
}

function isProse(pattern: LinePattern, line: string, after: number): boolean {
  return pattern.prose === true && PROSE_AFTER.test(line.slice(after, after + PROSE_WINDOW));
}

function isTableReading(reading: DecodedExitCode, table: ExitCodeTable): boolean {
  return table.ntstatus.some((e) => e.name === reading.name);
}

function minimalNeedles(all: readonly string[]): string[] {
  const unique = [...new Set(all)];
  return unique.filter((n) => !unique.some((o) => o !== n && n.includes(o))).sort();
}
