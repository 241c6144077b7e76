// The printed forms of an exit code in a log line, one pattern each. Every pattern starts
// with a literal and uses no nested or adjacent unbounded repeats, so matching is linear
// (test/core/exit-codes/regex-safety.test.ts checks each with recheck).
import type { Hit, ValueRoute } from './hit.js';
import {
  alternation,
  FAULTHANDLER_WINDOWS,
  JOB_DESCRIPTIONS,
  STRSIGNAL_DESCRIPTIONS,
  signalOfDescription,
  ZSH_DESCRIPTIONS,
} from './phrases.js';
import { parseNumber } from './values.js';

export interface LinePattern {
  id: string;
  /** Global; find.ts resets lastIndex before each scan (scans never nest). */
  re: RegExp;
  /** Lower-case literals, one of which every line this pattern matches contains. */
  needles: readonly string[];
  /** Uses ^ or $: only tried where the scanned text really starts or ends the line. */
  atStart?: boolean;
  atEnd?: boolean;
  read(m: RegExpMatchArray, line: string, at: number): Hit | null;
}

const JOBS = alternation(JOB_DESCRIPTIONS);
const JOB_NEEDLES = JOB_DESCRIPTIONS.map((d) => d.toLowerCase());
/** After a glued or job description: a letter or a blank before it means prose ("got Killed"). */
const GLUE = /[A-Za-z \t]/;
/** Descriptions after "task 0: " (srun); "Terminated" is left out: "State: Terminated" is not a signal. */
const AFTER_COLON = new Set(JOB_DESCRIPTIONS.filter((d) => d !== 'Terminated'));

function value(raw: string, route: ValueRoute, input: string, at: number, known = false): Hit {
  const parsed = parseNumber(raw);
  if (!parsed?.ok) return { kind: 'out-of-range', input, at };
  const hexRoute = parsed.hex ? 'hex' : route;
  return { kind: 'value', value: parsed.value, route: hexRoute, input, at, ...(known ? { known } : {}) };
}

function signal(m: RegExpMatchArray, at: number, num?: string, name?: string, input = m[0].trim()): Hit {
  return {
    kind: 'signal',
    input,
    at,
    ...(num !== undefined ? { number: Number(num) } : {}),
    ...(name !== undefined ? { name } : {}),
  };
}

/** `input` defaults to the whole match; job lines pass the description alone. */
function described(m: RegExpMatchArray, at: number, description: string, input?: string): Hit | null {
  const n = signalOfDescription(description);
  return n === undefined ? null : signal(m, at, String(n), undefined, input);
}

const DIGIT_FIRST = /^\d/;
const EXITCODE_WORD = /^exit_?code/i;

function numberOrName(m: RegExpMatchArray, at: number, token: string, name?: string): Hit {
  return DIGIT_FIRST.test(token) ? signal(m, at, token, name) : signal(m, at, undefined, token);
}

/**
 * A bare 8-digit hex value is read only when the table knows it. Every NTSTATUS in the
 * table starts with one of these (informational 0x4, warning 0x8, error 0xC): the
 * prefilter needs literals longer than `0x`.
 */
export const KNOWN_HEX_NEEDLES: readonly string[] = ['0x4', '0x8', '0xc'];

export const LINE_PATTERNS: readonly LinePattern[] = [
  {
    id: 'exit-status',
    re: /\bexit(?:ed with |[ _]?)(?:status code|code|status)\b(?:[ \t]*[:=])?[ \t]*(0x[0-9a-f]+|[-+]?\d+)/gi,
    needles: ['exit'],
    // "exitcode: -9" is torch.distributed.elastic, which reports signals as Python does (-N).
    read: (m, _l, at) => value(m[1]!, EXITCODE_WORD.test(m[0]) ? 'returncode' : 'status', m[0], at),
  },
  {
    id: 'returncode',
    re: /\breturn[ _]?code\b(?:[ \t]*[:=])?[ \t]*([-+]?\d+)/gi,
    needles: ['returncode', 'return code', 'return_code'],
    read: (m, _l, at) => value(m[1]!, 'returncode', m[0], at),
  },
  {
    id: 'known-hex',
    re: /\b0x[0-9a-f]{8}\b/gi,
    // The severities of the NTSTATUS codes in the table (a test keeps the two in step).
    needles: KNOWN_HEX_NEEDLES,
    read: (m, _l, at) => value(m[0], 'hex', m[0], at, true),
  },
  {
    id: 'error-code-hex',
    re: /\b(?:error|exception) code[:=]?[ \t]*(0x[0-9a-f]{1,8})\b/gi,
    needles: ['error code', 'exception code'],
    read: (m, _l, at) => value(m[1]!, 'hex', m[0], at),
  },
  {
    id: 'faulthandler-windows',
    re: new RegExp(
      `\\bWindows (?:fatal )?exception: (?:(${alternation(Object.keys(FAULTHANDLER_WINDOWS))})|code (0x[0-9a-f]{8}))`,
      'gi',
    ),
    needles: ['windows fatal exception', 'windows exception'],
    read: (m, _l, at) => {
      const named = m[1] ? FAULTHANDLER_WINDOWS[m[1].toLowerCase()] : undefined;
      return value(named !== undefined ? `0x${named.toString(16)}` : m[2]!, 'hex', m[0], at);
    },
  },
  {
    id: 'python-signals-repr',
    re: /<Signals\.(SIG[A-Z0-9]+): (\d+)>/gi,
    needles: ['<signals.'],
    read: (m, _l, at) => signal(m, at, m[2], m[1]),
  },
  {
    id: 'by-signal',
    re: /\b(?:terminated|killed|interrupted) (?:with|by) signal:? (\d+|SIG[A-Z0-9]+)\b(?:: (SIG[A-Z0-9]+))?/gi,
    needles: ['signal'],
    read: (m, _l, at) => numberOrName(m, at, m[1]!, m[2]),
  },
  {
    id: 'by-signal-description',
    re: new RegExp(`\\bkilled by signal: (${alternation(Object.keys(STRSIGNAL_DESCRIPTIONS))})`, 'gi'),
    needles: ['signal'],
    read: (m, _l, at) => described(m, at, m[1]!),
  },
  {
    id: 'gdb-received-signal',
    re: /\breceived signal (SIG[A-Z0-9]+)/gi,
    needles: ['received signal'],
    read: (m, _l, at) => signal(m, at, undefined, m[1]),
  },
  {
    id: 'signal-received-by-pid',
    re: /\bSignal (\d+) \((SIG[A-Z0-9]+)\) received by PID\b/gi,
    needles: ['received by pid'],
    read: (m, _l, at) => signal(m, at, m[1], m[2]),
  },
  {
    id: 'failure-signal-handler',
    re: /\*\*\* (SIG[A-Z0-9]+) (?:\(@0x[0-9a-f]+\) )?received\b/gi,
    needles: ['*** sig'],
    read: (m, _l, at) => signal(m, at, undefined, m[1]),
  },
  {
    id: 'fatal-python-error',
    re: new RegExp(`\\bFatal Python error: (${JOBS})`, 'gi'),
    needles: ['fatal python error'],
    read: (m, _l, at) => described(m, at, m[1]!),
  },
  {
    id: 'core-dumped',
    re: new RegExp(`\\b(${JOBS}) \\(core dumped\\)`, 'gi'),
    needles: ['(core dumped)'],
    read: (m, _l, at) => described(m, at, m[1]!),
  },
  {
    id: 'description-at-line-end',
    re: new RegExp(`(${JOBS})(?: \\(core dumped\\))?[ \\t]*$`, 'g'),
    needles: JOB_NEEDLES,
    atEnd: true,
    read: (m, line, at) => {
      const before = line.slice(Math.max(0, at - 2), at);
      const whole = line.slice(0, at).trim() === '';
      const glued = before !== '' && !GLUE.test(before.slice(-1));
      const afterColon = before === ': ' && AFTER_COLON.has(m[1]!);
      return whole || glued || afterColon ? described(m, at, m[1]!) : null;
    },
  },
  {
    id: 'bash-job-line',
    re: new RegExp(`: line \\d+: +\\d+ (${JOBS})\\b`, 'g'),
    needles: JOB_NEEDLES,
    read: (m, _l, at) => described(m, at, m[1]!, m[1]),
  },
  {
    id: 'bash-jobs-listing',
    re: new RegExp(`^\\[\\d+\\][+-]? +(${JOBS})\\b`, 'g'),
    needles: JOB_NEEDLES,
    atStart: true,
    read: (m, _l, at) => described(m, at, m[1]!, m[1]),
  },
  {
    id: 'zsh-job',
    re: new RegExp(`\\bzsh: (${alternation(Object.keys(ZSH_DESCRIPTIONS))})\\b`, 'gi'),
    needles: ['zsh: '],
    read: (m, _l, at) => described(m, at, m[1]!),
  },
];

/** Prose after a number ("exit code 137 usually means ..."): that number is talked about, not printed. */
export const PROSE_AFTER =
  /^[ \t]*(?:means?|meaning|indicates?|usually|typically|normally|generally|often|stands|refers|is|are|was|signals|signifies|implies)\b|^[ \t]*\?/i;

/** The patterns whose numbers are checked against PROSE_AFTER. */
export const PROSE_CHECKED = new Set(['exit-status', 'returncode', 'by-signal']);

export const LINE_HELPER_REGEXES: readonly RegExp[] = [GLUE, PROSE_AFTER, DIGIT_FIRST, EXITCODE_WORD];
