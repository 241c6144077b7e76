// How shells and runtimes report a death by signal in words (bash, zsh, macOS, Go,
// Python's faulthandler) and how Windows shells show the last exit code.

import { isDigits } from '../../text/digits.js';
import {
  alternation,
  BSD_DESCRIPTIONS,
  GO_DESCRIPTIONS,
  JOB_DESCRIPTIONS,
  STRSIGNAL_DESCRIPTIONS,
  ZSH_DESCRIPTIONS,
} from '../phrases.js';
import { described, type LinePattern, signal, value } from './kit.js';

const JOBS = alternation(JOB_DESCRIPTIONS);
const JOB_NEEDLES = JOB_DESCRIPTIONS.map((d) => d.toLowerCase());
/** After a glued or job description: a letter or a blank before it means prose ("got Killed"). */
const GLUE = /[A-Za-z \t]/;
/** Descriptions after "task 0: " (srun); "Terminated" is left out: "State: Terminated" is not a signal. */
const AFTER_COLON = new Set(JOB_DESCRIPTIONS.filter((d) => d !== 'Terminated'));

/** A job line's description at `pos` ("Killed", "Segmentation fault"), as its own word. */
function jobAt(m: RegExpMatchArray, line: string, pos: number): ReturnType<typeof described> {
  const d = JOB_DESCRIPTIONS.find((j) => line.startsWith(j, pos) && !WORD.test(line.charAt(pos + j.length)));
  return d ? described(m, pos, d, d) : null;
}

const WORD = /\w/;

/** After a job's description, bash's padding to its column before the command: two spaces or more. */
const PADDED = /^(?: \(core dumped\))? {2,}\S/;

export const SHELL_PATTERNS: readonly LinePattern[] = [
  {
    id: 'by-signal-description',
    re: new RegExp(`\\bkilled by signal: (${alternation(Object.keys(STRSIGNAL_DESCRIPTIONS))})`, 'gi'),
    needles: ['signal'],
    read: (m, _l, at) => described(m, at, m[1]!),
  },
  {
    // macOS and BSD shells print the description and the signal number: "Segmentation fault: 11",
    // "Abort trap: 6", "Bus error: 10", "Killed: 9". The number is the platform's own.
    id: 'bsd-description-number',
    re: new RegExp(`\\b(${alternation(Object.keys(BSD_DESCRIPTIONS))}): (\\d{1,2})\\b`, 'gi'),
    needles: Object.keys(BSD_DESCRIPTIONS).map((d) => `${d.toLowerCase()}: `),
    read: (m, _l, at) => {
      const key = Object.keys(BSD_DESCRIPTIONS).find((d) => d.toLowerCase() === m[1]!.toLowerCase());
      return key ? signal(m, at, m[2], BSD_DESCRIPTIONS[key]) : null;
    },
  },
  {
    // Go's os/exec: "signal: killed", "signal: segmentation fault (core dumped)"
    id: 'go-signal',
    re: new RegExp(`\\bsignal: (${alternation(Object.keys(GO_DESCRIPTIONS))})\\b`, 'g'),
    needles: ['signal: '],
    read: (m, _l, at) => {
      const n = GO_DESCRIPTIONS[m[1]!];
      return n === undefined ? null : signal(m, at, String(n));
    },
  },
  {
    id: 'fatal-python-error',
    re: new RegExp(`\\bFatal Python error: (${JOBS})`, 'gi'),
    needles: ['fatal python error'],
    read: (m, _l, at) => described(m, at, m[1]!),
  },
  {
    // bash pads a job's description to a column: "Segmentation fault      (core dumped)";
    // retyped, it loses the space ("it gives me a segmentation fault(core dumped)") or its
    // ending ("但报错Bus error (core dump)") or its parentheses ("`Illegal Instruction [core dumped]`").
    id: 'core-dumped',
    re: new RegExp(`\\b(${JOBS})[ \\t]*[([]core dump(?:ed)?[)\\]]`, 'gi'),
    needles: ['(core dump', '[core dump'],
    read: (m, _l, at) => described(m, at, m[1]!),
  },
  {
    id: 'description-at-line-end',
    re: new RegExp(`(${JOBS})(?:[ \\t]+\\(core dumped\\))?[ \\t]*$`, 'g'),
    needles: JOB_NEEDLES,
    atEnd: true,
    read: (m, line, at) => {
      const before = line.slice(Math.max(0, at - 2), at);
      const whole = line.slice(0, at).trim() === '';
      const glued = before !== '' && !GLUE.test(before.slice(-1));
      const afterColon = before === ': ' && AFTER_COLON.has(m[1]!);
      return whole || glued || afterColon || afterPid(line.slice(0, at)) ? described(m, at, m[1]!) : null;
    },
  },
  {
    // bash: "./train.sh: line 12:  4321 Segmentation fault      (core dumped) python train.py".
    // The description is read in code: the alternation makes the proof slow.
    id: 'bash-job-line',
    re: /: line \d+: +\d+ /g,
    needles: JOB_NEEDLES,
    read: (m, line, at) => jobAt(m, line, at + m[0].length),
  },
  {
    // `jobs`: "[1]+  Killed                  python train.py"
    id: 'bash-jobs-listing',
    re: /^\[\d+\][+-]? +/g,
    needles: JOB_NEEDLES,
    atStart: true,
    read: (m, line, at) => jobAt(m, line, at + m[0].length),
  },
  {
    // The same job line with the script's "line N:" left out, the command after the padded
    // description ("70361 Killed                  openvino2tensorflow --model_path ...").
    id: 'bash-job-pid',
    re: /^\d{1,9} +/g,
    needles: JOB_NEEDLES,
    atStart: true,
    read: (m, line, at) => {
      const pos = at + m[0].length;
      const d = JOB_DESCRIPTIONS.find((j) => line.startsWith(j, pos));
      return d && PADDED.test(line.slice(pos + d.length)) ? described(m, pos, d, d) : null;
    },
  },
  {
    id: 'zsh-job',
    re: new RegExp(`\\bzsh: (${alternation(Object.keys(ZSH_DESCRIPTIONS))})\\b`, 'gi'),
    needles: ['zsh: '],
    read: (m, _l, at) => described(m, at, m[1]!),
  },
  {
    // zsh's job notice, for a job run in the background or as the line of a pipeline:
    // "[1]    43673 segmentation fault  python train.py", "[2]  + 8812 killed     python x.py".
    // A log line reaches this with its "[1]" taken for a rank prefix, so a line that starts
    // with the pid is read too; the notice starts its line and the command follows the
    // padded description (anchored, the pattern is proved safe in seconds).
    id: 'zsh-job-notice',
    re: new RegExp(
      `^(?:\\[\\d+\\][ \\t]+)?(?:[+-][ \\t]+)?\\d+ (${alternation(Object.keys(ZSH_DESCRIPTIONS))})[ \\t][ \\t]+\\S`,
      'g',
    ),
    needles: Object.keys(ZSH_DESCRIPTIONS),
    // The quoted input ends with the description, not with the command's first letter.
    read: (m, _l, at) => described(m, at, m[1]!, m[0].slice(0, m[0].lastIndexOf(m[1]!) + m[1]!.length)),
  },
  {
    // PowerShell's $LASTEXITCODE and cmd's %ERRORLEVEL% with their value on the same line
    // ("$LASTEXITCODE = -1073741819", "%ERRORLEVEL% is 3221225477").
    id: 'shell-status-variable',
    re: /(?:\$LASTEXITCODE|%ERRORLEVEL%)(?:[ \t]*(?:[:=]|-eq|is|was))?[ \t]*([-+]?\d+)/gi,
    needles: ['$lastexitcode', '%errorlevel%'],
    prose: true,
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
  {
    // "ERRORLEVEL=3221225477"; cmd's `if errorlevel 1` (no separator) is code, not output.
    id: 'errorlevel-assignment',
    re: /\bERRORLEVEL[ \t]*(?:[:=]|is\b|was\b)[ \t]*([-+]?\d+)/gi,
    needles: ['errorlevel'],
    prose: true,
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
];

export const SHELL_HELPER_REGEXES: readonly RegExp[] = [GLUE, WORD, PADDED];

/** Only a process id before the description: bash's job line without its "line N:" ("3654441 Segmentation fault"). */
function afterPid(before: string): boolean {
  return isDigits(before.trim());
}
