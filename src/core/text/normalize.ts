// Turns one pasted line into the text(s) the rules match: chat markup undone, ANSI
// escapes and log prefixes (timestamps, syslog, glog, rank tags) stripped, `\r`
// progress redraws split, and errors glued onto progress output split off
// (`loss: 2.1371Killed` -> `loss: 2.1371`, `Killed`).

import { redactSecrets } from '../redact/index.js';

// (Also a colour code whose escape a web page turned into U+FFFD when the log was copied: "�[36m".)
const ANSI =
  /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\ufffd\[[0-9;]{0,12}m/g;

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
};
const ENTITY = /&(?:lt|gt|amp|quot|#39);/g;

/**
 * Prefixes that carry no meaning for matching; stripped repeatedly from the start.
 * Anchored, so each is tried once per line; open repetitions (`+`) rather than counted
 * ones (`{1,64}`), which make the backtracking proof take minutes.
 */
const PREFIXES: readonly RegExp[] = [
  // Chat quote markers and the Python REPL prompt.
  /^\s{0,8}(?:>|&gt;){1,3}\s?/,
  // Markdown code fences (a fence line alone, with its language tag, is dropped in stripPrefixes).
  /^\s{0,8}`{3}/,
  // Bold and inline code; not the three stars a failure handler prints ("*** SIGSEGV (@0x0) received by PID").
  /^\s{0,8}(?:\*\*(?!\*)|`)/,
  // [rank3]: / [default0]: / [1], and a rank's tag glued to a glog prefix ("[rank1]:E0207 07:54:31.862000 ...").
  /^\[(?:rank|default)?\d{1,5}\](?::\s*|\s+)/,
  // A launcher's tag on each line of a child process: vLLM's "(EngineCore_DP0 pid=65064)",
  // "(VllmWorker rank=1 pid=2445156)", Ray's "(pid=1234)", "(RayWorker pid=12, ip=10.0.0.1)",
  // "(pid=gcs_server)", and its daemons' "(raylet)", "(gcs_server)".
  /^\((?:[A-Za-z_][\w.]* )?(?:rank=\d+ )?pid=\w+(?:, ip=[\d.:a-f]+)?\)\s*/,
  /^\((?:raylet|gcs_server|dashboard|dashboard_agent|runtime_env_agent|log_monitor|monitor|autoscaler)\)\s*/,
  // torchx's role, replica and local rank before each line of a worker: "train_torchrec/0 [0]:".
  /^[\w.-]+\/\d{1,4} \[\d{1,4}\]:/,
  // Open MPI's mpirun --tag-output before each line of a rank: "[1,3]<stderr>:".
  /^\[\d+,\d+\]<(?:stdout|stderr|stddiag)>:\s?/,
  // Docker Compose's service tag on each line of a container's output: "docker-fish-speech-1     | ",
  // Compose v1's "web_1  | ", and a container_name's padded tag ("eap-llm-server-on-arc  | ",
  // "Shared_LocalAI  | ").
  /^[A-Za-z0-9][\w.-]*(?:[-_]\d{1,4} +| {2,})\| ?/,
  // Ray's C++ logger: "[2025-02-11 18:42:15,859 C 30797 30797] resource_instance_set.cc:374: ".
  /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} [DIWECF] \d+ \d+\] (?:\(\w+\) )?[\w.-]+:\d+:\s*/,
  // vLLM's logger: "ERROR 05-23 09:31:47 [core.py:396]".
  /^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?(?: \[[\w.-]+:\d+\])?\s+/,
  // 2021-10-13 17:19:29.385716: / [2023-01-01 12:00:00,123] / 2023-01-01T12:00:00Z, and
  // ComfyUI's log to the minute, "[2024-10-16 15:28] ".
  /^\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d(?::\d\d(?:[.,]\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?\]?:?\s*/,
  // The container runtime's log of a pod's output after its clock (CRI: the stream and whether the
  // line is whole): "2024-03-07T10:55:48.374277561Z stderr F panic: ...".
  /^(?:stdout|stderr) [FP] /,
  // Oct 04 13:19:39 host unit[394]:
  /^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d [\w.-]+ [\w./@-]+(?:\[\d+\])?:\s*/,
  // A level in brackets after the clock, as fluxgym and many launchers print each line of a
  // child's output: [2025-03-19 13:07:15] [INFO] Traceback (most recent call last):
  /^\[(?:INFO|DEBUG)\]\s+/,
  // SwarmUI's level and its backend's stream after the clock: "12:08:59.203 [Warning]
  // [ComfyUI-0/STDERR] Traceback (most recent call last):".
  /^\[(?:Info|Warning|Error|Debug|Init|Verbose)\] (?:\[[\w./-]+\] )?/,
  // TorchServe's log after its clock: the level, the thread and the logger before each line a worker
  // printed ("[INFO ] W-9000-segment_batch_1.0-stdout org.pytorch.serve.wlm.WorkerLifeCycle - ",
  // "[WARN ] W-9000-mymodel1_1.0-stderr MODEL_LOG - ").
  /^\[(?:INFO|WARN|DEBUG|ERROR|TRACE) ?\] [\w.-]+ [\w.$]+ - /,
  // Jenkins' and CircleCI's clock before each line of a job's output: Jun 08 06:44:19
  /^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d\s+/,
  // glog and absl: I0304 20:28:44.724480 140225099305792 xla_bridge.py:247] (PyTorch's with the
  // file's path: .venv/lib/python3.12/site-packages/torch/.../common_distributed.py:939]), and absl's
  // start-up lines whose clock is seconds since 1970: E0000 00:00:1721042404.580385   12345 cuda_dnn.cc:8310]
  /^[IWEF]\d{4} \d\d:\d\d:\d{2,10}\.\d+\s+\d+ [\w./-]+:\d+\]\s*/,
  // 12:00:01 / 12:00:01.123 -
  /^\d\d:\d\d:\d\d(?:[.,]\d{1,9})?\s{0,4}[-|:]?\s+/,
  // NCCL: node08:27106:27302 [0]
  /^[\w.-]+:\d+:\d+ \[\d+\]\s+/,
  // Google Cloud Build's step before each line of its output: "Step #3: ", "Step #1 - "train": ".
  /^Step #\d{1,3}(?: - "[\w .-]{1,60}")?: ?/,
];

/** A Markdown fence line: three backticks and an optional language tag, nothing else. */
const FENCE_LINE = /^\s{0,8}`{3}[\w+-]{0,20}\s*$/;

/**
 * Where an error was glued onto the output before it (progress bars print no newline), or
 * where a paste that lost its newlines starts its next record (NEXT_RECORD, NEXT_TIMESTAMP).
 */
const GLUED =
  /(?<=[\d\])[%|])(?=Killed\b|Traceback \(most recent call last\)|Segmentation fault|Illegal instruction|Bus error|Aborted \(core dumped\)|terminate called|Fatal Python error|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|[A-Z][A-Za-z]{0,40}(?:Error|Exception):|\[\d{1,3}\] {1,8}\d{1,7} (?:killed|segmentation fault|bus error|abort|illegal hardware instruction) )/;
/** A paste that lost its newlines: the next record after a full stop or a bracket and a space. */
const NEXT_RECORD =
  /(?<=[.\]])(?= (?:Killed\b|Traceback \(most recent call last\)|[A-Z][A-Za-z]{0,40}(?:Error|Exception):))/;
/** ... or a timestamp with fractions of a second after a space. */
const NEXT_TIMESTAMP = /(?<=\S)(?= \d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d[.,]\d)/;
const SPLITS: readonly RegExp[] = [GLUED, NEXT_RECORD, NEXT_TIMESTAMP];

/** Every regular expression this module runs on input, for the backtracking-safety test. */
export const NORMALIZE_REGEXES: readonly RegExp[] = [ANSI, ENTITY, ...PREFIXES, FENCE_LINE, ...SPLITS];

/** Strips terminal colour codes. */
export function stripAnsi(s: string): string {
  return s.includes('\x1b') || s.includes('\ufffd[') ? s.replace(ANSI, '') : s;
}

/** Undoes Slack's HTML entities. */
export function decodeEntities(s: string): string {
  return s.includes('&') ? s.replace(ENTITY, (e) => ENTITIES[e] ?? e) : s;
}

/** Removes meaningless prefixes and edge markup from one line. */
export function stripPrefixes(s: string): string {
  if (FENCE_LINE.test(s)) return '';
  let out = s;
  for (let round = 0; round < 4; round++) {
    const before = out;
    // Index loops here and below: this runs on every line read, mostly before the
    // engine has optimised it, where for-of's iterator protocol costs more than the work.
    for (let p = 0; p < PREFIXES.length; p++) {
      const m = PREFIXES[p]!.exec(out);
      if (m) out = out.slice(m[0].length);
    }
    if (out === before) break;
  }
  return stripEdgeMarkup(out.trim());
}

function stripEdgeMarkup(s: string): string {
  let out = s;
  if (out.endsWith('```')) out = out.slice(0, -3).trimEnd();
  if (out.endsWith('**')) out = out.slice(0, -2);
  if (out.endsWith('`')) out = out.slice(0, -1);
  // A line that is one quotation from end to end ('"Illegal instruction"'): what was printed, quoted.
  if (out.length > 2 && out.startsWith('"') && out.endsWith('"') && out.indexOf('"', 1) === out.length - 1)
    out = out.slice(1, -1);
  return out;
}

/** The pieces of one input line that rules are matched against (usually just one). */
export function normalizeLine(raw: string): string[] {
  const clean = decodeEntities(stripAnsi(raw));
  const segments = clean.includes('\r') ? clean.split('\r') : [clean];
  const out: string[] = [];
  for (let s = 0; s < segments.length; s++) {
    const pieces = unglue(segments[s]!);
    for (let k = 0; k < pieces.length; k++) {
      const text = stripPrefixes(pieces[k]!);
      if (text) out.push(text);
    }
  }
  return out;
}

/** What every split point is followed by (SPLITS): a crash's words or an error class, else a date after the start. */
const RECORD_WORDS = [
  'Killed',
  // zsh's job notice, glued after a progress bar: "7/8 [00:12<00:01,  1.84s/it][1]    14875 killed     python main.py".
  ' killed ',
  ' segmentation fault ',
  ' bus error ',
  ' abort ',
  ' illegal hardware instruction ',
  'Traceback (most recent call last)',
  'Segmentation fault',
  'Illegal instruction',
  'Bus error',
  'Aborted (core dumped)',
  'terminate called',
  'Fatal Python error',
  'Error:',
  'Exception:',
];

/**
 * Whether a split point may be in the line, told with plain searches: most lines hold none
 * of RECORD_WORDS and no date past their start, and the splitting patterns, which look at
 * every position, then need not run.
 */
function mayStartRecord(s: string): boolean {
  return RECORD_WORDS.some((w) => s.includes(w)) || hasLaterDate(s);
}

/** A date (dddd-dd-dd) that begins after the line's first character. */
function hasLaterDate(s: string): boolean {
  for (let k = s.indexOf('-', 5); k >= 0 && k + 6 <= s.length; k = s.indexOf('-', k + 1)) {
    if (s[k + 3] === '-' && digits(s, k - 4, 4) && digits(s, k + 1, 2) && digits(s, k + 4, 2)) return true;
  }
  return false;
}

function digits(s: string, from: number, n: number): boolean {
  for (let i = from; i < from + n; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Splits errors off the progress output they were printed onto. */
export function unglue(s: string): string[] {
  const out: string[] = [];
  let rest = s;
  for (let i = 0; i < 8; i++) {
    if (!mayStartRecord(rest)) break;
    let at = -1;
    for (const re of SPLITS) {
      const m = re.exec(rest);
      if (m && m.index > 0 && (at < 0 || m.index < at)) at = m.index;
    }
    if (at <= 0 || rest.slice(0, at).trim() === '') break;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  out.push(rest);
  return out;
}

/**
 * The line as it is quoted back to the user: colour codes and entities undone, secrets
 * (tokens, keys, passwords in URLs) redacted, trimmed, capped.
 */
export function quoteText(raw: string, max = 300): string {
  return capQuote(quotedLine(raw), max);
}

/** The line as quoteText gives it, before the cap: one redaction serves every cap. */
export function quotedLine(raw: string): string {
  return redactSecrets(decodeEntities(stripAnsi(raw)).replace(/\r/g, ' ').trim()).text;
}

/** A quoted line cut to `max` characters, an ellipsis marking the cut. */
export function capQuote(quoted: string, max = 300): string {
  return quoted.length > max ? `${quoted.slice(0, max - 1)}…` : quoted;
}
