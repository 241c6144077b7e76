// A death by signal told in the shell's own language: glibc's strsignal() description in
// another locale ("已杀死", "段错误 (核心已转储)", "Speicherzugriffsfehler"), where bash prints
// it: alone on its line, after a job's number or pid, or glued after a progress bar. The
// same word inside a sentence ("已杀死所有 afl-fuzz 进程。") is not a signal.
import { alternation, LOCALIZED_CORE_DUMPED, LOCALIZED_STRSIGNAL } from '../phrases.js';
import { type LinePattern, signal } from './kit.js';

const DESCRIPTIONS = Object.keys(LOCALIZED_STRSIGNAL);
/** `jobs`: "[1]+  已杀死   python train.py" (checked on the text before the description). */
const JOB_LISTING = /^\[\d{1,4}\][+-]?[ \t]+$/;
/** A bash job line: "./run.sh: line 3: 12345 段错误 (核心已转储) python x.py". */
const PID_BEFORE = /:[ \t]+\d{1,10}[ \t]+$/;
const BLANK_START = /^[ \t]/;
/** Letters of the scripts written without spaces: before a CJK description they make it a word of a sentence. */
const CJK_PROSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}，、。；！？]/u;
const LETTER = /\p{L}/u;
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Whether the character before a description at the line's end makes it part of prose. */
function prose(description: string, before: string): boolean {
  const prev = before.slice(-1);
  if (prev === ' ' || prev === '\t') return !(before.trim() === '' || /[:：][ \t]$/.test(before.slice(-2)));
  if (prev === '') return false;
  return CJK_START.test(description) ? CJK_PROSE.test(prev) : LETTER.test(prev);
}

/** The length of bash's core-dumped note at `from` ("（核心已转储）", " (コアダンプ)"), blanks before it included; 0 when none. */
function coreDumpedAfter(line: string, from: number): number {
  let i = from;
  while (line[i] === ' ' || line[i] === '\t') i++;
  if (line[i] !== '(' && line[i] !== '（') return 0;
  const note = LOCALIZED_CORE_DUMPED.find((w) => line.startsWith(w, i + 1));
  if (!note) return 0;
  const close = line[i + 1 + note.length];
  return close === ')' || close === '）' ? i + 2 + note.length - from : 0;
}

export const LOCALIZED_PATTERNS: readonly LinePattern[] = [
  {
    id: 'localized-description',
    // The core-dumped note is read in code: in the alternation the proof runs out of time.
    re: new RegExp(`(${alternation(DESCRIPTIONS)})`, 'g'),
    needles: DESCRIPTIONS.map((d) => d.toLowerCase()),
    read: (m, line, at) => {
      const description = m[1]!;
      const n = LOCALIZED_STRSIGNAL[description];
      if (n === undefined) return null;
      const note = coreDumpedAfter(line, at + description.length);
      // With its core-dumped note it is the shell's output wherever it stands (quoted too).
      if (note > 0)
        return signal(m, at, String(n), undefined, line.slice(at, at + description.length + note));
      const after = line.slice(at + description.length);
      const before = line.slice(Math.max(0, at - 40), at);
      const job = (at < 32 && JOB_LISTING.test(line.slice(0, at))) || PID_BEFORE.test(before);
      if (job && (after === '' || BLANK_START.test(after)))
        return signal(m, at, String(n), undefined, description);
      if (after.trim() !== '' || prose(description, before)) return null;
      return signal(m, at, String(n));
    },
  },
];

export const LOCALIZED_HELPER_REGEXES: readonly RegExp[] = [JOB_LISTING, PID_BEFORE, BLANK_START];
