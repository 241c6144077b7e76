// The literals one of which every match of a regular expression contains, read from its
// source: the knowledge base's prefilter needles, and the listener's marker prefilter.
import { Remembered } from '../remembered.js';
import { classEnd, groupEnd, splitTopLevel } from './regex-source.js';

/** The shortest literal a needle may be (shorter ones would let most lines through). */
export const MIN_NEEDLE = 3;

/**
 * For each top-level alternative, the longest literal run it requires, or, when that is
 * longer at its shortest, the run spelled out through groups of plain alternatives
 * (`nccl(?:SystemError|InternalError)` -> `nccl` is weak, `ncclSystemError` and
 * `ncclInternalError` are not). When some alternative has no literal run of
 * MIN_NEEDLE characters, returns [] (test every line).
 */
export function literalNeedles(source: string): string[] {
  return [...remembered.get(source, readNeedles)];
}

/** Reading a source is slow while its code is cold: about 0.1 ms a pattern in a fresh process. */
const remembered = new Remembered<readonly string[]>(
  'literals',
  (needles): needles is readonly string[] =>
    Array.isArray(needles) && needles.every((n) => typeof n === 'string' && n.length >= MIN_NEEDLE),
);

function readNeedles(source: string): string[] {
  const needles: string[] = [];
  for (const branch of splitTopLevel(source)) {
    const runs = literalRuns(branch);
    const best = longest(runs);
    if (best.length < MIN_NEEDLE) return [];
    const spelled = spelledOut(branch);
    const spelledLength = spelled ? shortest(spelled) : 0;
    if (isCommon(best)) {
      // Another literal of the match, when one is long enough to be rare, serves better.
      const rare = longest(runs.filter((r) => !isCommon(r)));
      const rareSpelled = spelledOut(branch, true);
      if (rareSpelled && shortest(rareSpelled) >= Math.max(rare.length, RARE_ENOUGH)) {
        needles.push(...rareSpelled);
        continue;
      }
      if (rare.length >= RARE_ENOUGH) {
        needles.push(rare);
        continue;
      }
    }
    if (spelled && spelledLength > best.length) needles.push(...spelled);
    else needles.push(best);
  }
  return [...new Set(needles)];
}

/**
 * Literals that healthy training logs print on many lines: the header of a traceback that
 * a data pipeline logs and goes on from, and the dlopen failure of an optional plugin that
 * NCCL_DEBUG=INFO reports on every rank (`libnccl-net.so: cannot open shared object file`).
 * A needle that says no more than one of them makes the prefilter and the big-log anchor
 * search stop on each such line; a rule whose match holds another literal of
 * RARE_ENOUGH characters is sought by that one.
 */
const COMMON_LITERALS = ['traceback (most recent call last)', ': cannot open shared object file'];
const RARE_ENOUGH = 6;

/** Whether a literal says no more than one of COMMON_LITERALS (it is part of one). */
function isCommon(literal: string): boolean {
  const l = literal.toLowerCase();
  return COMMON_LITERALS.some((c) => c.includes(l));
}

/** Spelled-out literal sets are dropped when they would hold more strings than this. */
const MAX_SPELLED = 16;

/**
 * The set of literals, one of which every match of `branch` contains, read through
 * groups whose alternatives are plain text (`(?:load|locate)`, `(?:library )?`): the
 * set with the longest shortest member, or null when no such group helps (`rareOnly`: of
 * the sets that hold no literal of COMMON_LITERALS).
 */
function spelledOut(branch: string, rareOnly = false): string[] | null {
  let best: string[] | null = null;
  let current: string[] = [''];
  const close = () => {
    const set = minimalSet(current);
    if (rareOnly && set.some(isCommon)) set.length = 0;
    if (set.length > 0 && (!best || shortest(set) > shortest(best))) best = set;
    current = [''];
  };
  const extend = (options: readonly string[]) => {
    const next = current.flatMap((c) => options.map((o) => c + o));
    if (next.length > MAX_SPELLED) {
      close();
      current = [...options];
    } else current = next;
  };
  for (let i = 0; i < branch.length; i++) {
    const c = branch[i]!;
    const quantified = (at: number) => at < branch.length && '*+?{'.includes(branch[at]!);
    if (c === '\\') {
      const next = branch[i + 1] ?? '';
      i++;
      if (next === 'b' || next === 'B') continue;
      if (ESCAPED_LITERAL.has(next) && !quantified(i + 1)) extend([next]);
      else close();
      continue;
    }
    if (c === '(') {
      const end = skipGroup(branch, i);
      const body = branch.slice(i, end + 1);
      const options = plainAlternatives(body);
      // A plain group, or an optional one (`(?:library )?`: the text is there or not).
      if (options && body.endsWith(')')) extend(options);
      else if (options && body.endsWith(')?')) extend(['', ...options]);
      else close();
      i = end;
      continue;
    }
    if (c === '^' || c === '$') continue;
    if (
      c === '[' ||
      c === '.' ||
      c === '|' ||
      c === ')' ||
      '*+?{'.includes(c) ||
      quantified(i + 1) ||
      !isAscii(c)
    ) {
      close();
      if (c === '[') i = skipClass(branch, i);
      else if (c === '{') i = branch.indexOf('}', i) === -1 ? i : branch.indexOf('}', i);
      continue;
    }
    extend([c]);
  }
  close();
  return best;
}

/** The alternatives of a group that are all plain text (`(?:a|b c)` -> ['a', 'b c']), else null. */
function plainAlternatives(group: string): string[] | null {
  const m = /^\((?:\?:)?([^()[\]\\.*+?{}^$]*)\)\??$/.exec(group);
  if (!m) return null;
  const options = m[1]!.split('|');
  return options.every((o) => o.length > 0 && [...o].every(isAscii)) ? options : null;
}

/**
 * The scanner's prefilter compares ASCII only (case folded), so a needle is built of ASCII
 * characters: a letter such as `ü` or a CJK word ends a literal run like a wildcard does.
 */
function isAscii(c: string): boolean {
  return c.charCodeAt(0) <= 0x7f;
}

/**
 * The strings of a set that contain no other one (a needle inside a needle says it
 * already), compared as the prefilter compares them, case ignored: `cudnn` and `cuDNN`
 * are one needle, not two that each hold the other and so both drop out.
 */
function minimalSet(set: readonly string[]): string[] {
  const unique: string[] = [];
  const seen = new Set<string>();
  for (const s of set) {
    const key = s.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(s);
  }
  if (unique.includes('')) return [];
  return unique.filter((n) => !unique.some((o) => o !== n && n.toLowerCase().includes(o.toLowerCase())));
}

function shortest(set: readonly string[]): number {
  return Math.min(...set.map((s) => s.length));
}

const ESCAPED_LITERAL = new Set([...'.()[]{}*+?|^$/\\-:`\'"#&%!@=<>,;~ ']);

function longest(runs: readonly string[]): string {
  let best = '';
  for (const r of runs) if (r.length > best.length) best = r;
  return best;
}

/** The literal runs every match of the branch contains, in order (empty ones left out). */
function literalRuns(branch: string): string[] {
  const runs: string[] = [];
  let run = '';
  const flush = () => {
    if (run) runs.push(run);
    run = '';
  };
  for (let i = 0; i < branch.length; i++) {
    const c = branch[i]!;
    if (c === '\\') {
      const next = branch[i + 1] ?? '';
      i++;
      if (ESCAPED_LITERAL.has(next)) run += next;
      else flush();
      continue;
    }
    if (c === '[') {
      flush();
      i = skipClass(branch, i);
      continue;
    }
    if (c === '(') {
      flush();
      i = skipGroup(branch, i);
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      // The quantifier applies to the last character of the run (or to a group/class
      // already flushed): that character is optional or repeated, so it ends the run.
      run = run.slice(0, -1);
      flush();
      if (c === '{') i = branch.indexOf('}', i) === -1 ? i : branch.indexOf('}', i);
      continue;
    }
    if (c === '.' || c === '^' || c === '$' || c === ')' || c === '|' || !isAscii(c)) {
      flush();
      continue;
    }
    run += c;
  }
  // A quantifier right after the run was handled above; an atom after the run is fine.
  flush();
  return runs;
}

function skipClass(s: string, i: number): number {
  return skipQuantifier(s, classEnd(s, i));
}

function skipGroup(s: string, i: number): number {
  return skipQuantifier(s, groupEnd(s, i));
}

/** Returns the index of the last character of the quantifier following position i, or i. */
function skipQuantifier(s: string, i: number): number {
  const n = s[i + 1];
  if (n === '*' || n === '+' || n === '?') return s[i + 2] === '?' ? i + 2 : i + 1;
  if (n === '{') {
    const close = s.indexOf('}', i + 1);
    return close === -1 ? i : close;
  }
  return i;
}
