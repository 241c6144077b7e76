// Listening mode: does this message hold crash output that deserves an unasked reply?
// Yes for a pasted traceback, CUDA error or exit code that ended a job; no for talk
// that mentions errors in passing, questions, success output, harmless warnings, code
// and changelogs.
import { GETTING, type Layout, type LineKind } from '../listen/layout.js';
import { IPYTHON_ARROW } from '../listen/markers.js';
import { writersPart } from '../listen/sentence.js';
import {
  codeAsWords,
  FIRST_PERSON,
  hasFirstPerson,
  isQuestion,
  lowerWords,
  quotesAsWords,
  sentencesOf,
} from '../listen/words.js';
import type { Evidence } from '../types.js';
import type { FiredRule } from './rank.js';

/**
 * How machine output starts (after any indentation): a word ending in Error, Exception or
 * Warning, a `label: `, or one of the fixed openings. Four patterns rather than one
 * alternation, each anchored and with at most one open repeat: each costs one pass over
 * the line, and each can be proved so by the regex safety test in seconds.
 */
const LOG_START: readonly RegExp[] = [
  /^[\w.]*(?:Error|Exception|Warning)\b/,
  /^\w+:\s/,
  // A tool's label of two words in capitals ("TENSORRT LOG: ...").
  /^[A-Z]{2,12} [A-Z]{2,12}: \S/,
  /^(?:Traceback|Process finished|Your session crashed|INFO:|DEBUG:|CRITICAL:|[IWEF]\d\d\d\d |[EWF] |\[|\d|\/|[A-Za-z]:\\|File "|THCudaCheck|Killed|Segmentation|Illegal|Bus error|Aborted|Fatal|terminate called|Thread \d|zsh:|bash:|ERROR|WARNING|CUDA|cuDNN|NCCL|nccl|torch|tensorflow|jax|ptxas|libdevice)/,
];

/** Whether a line (after its indentation) opens the way machine output does. */
export function startsLikeOutput(text: string): boolean {
  return LOG_START.some((re) => re.test(text));
}

/** Someone speaking: first or second person, or a question. */
const SPEAKER = /\b(?:I|I'm|I've|I'd|[Ww]e|[Yy]ou|[Yy]our|[Mm]y|[Oo]ur)\b|\?\s*$/;

/**
 * Words of someone talking about an error rather than pasting it. A fix asked for or tried
 * ("help me fix my project", "I tried to fix it") is the writer's own trouble, not a remedy told.
 */
const TALK =
  /\b(?:usually|typically|might|maybe|probably|perhaps|should|would|could(?!n't| not)|indicates?|means|because|if|avoid|(?<!\b(?:to|me|us|help) )fix(?:ed|es)?|seems?|think|guess)\b/i;

/**
 * A line that mentions an error while talking about it ("usually a device side assert
 * gets triggered when your input ...") rather than quoting output. Error messages carry
 * hedges of their own ("This is probably because cuDNN failed to initialize"), so only
 * a speaker plus a hedge, on a line that does not start like output, counts as talk.
 */
export function isTalk(text: string): boolean {
  const trimmed = text.trimStart();
  // IPython's arrow at the line that raised ("----> 6 da.mean([d for d in dims if d != 'time'])")
  // quotes the source from a traceback: output, whatever the code says.
  if (IPYTHON_ARROW.test(trimmed)) return false;
  if (isCode(text)) return true;
  if (LOG_START.some((re) => re.test(trimmed))) return false;
  return speaksOf(text);
}

/** A line of code that tests for an error's words or raises them, not an error that happened. */
function isCode(text: string): boolean {
  return CODE_STATEMENT.test(text.trimStart()) || CODE_ANYWHERE.some((re) => re.test(text));
}

/** The error as a string literal in code ("('CUDA error: invalid argument (1).',)"). */
const STRING_IN_CODE = /[([,=]\s*['"][^'"]*['"]\s*[,)\]]/;

/**
 * An exception's repr that a program prints after its own words ("wandb: ERROR Run 4flr874d
 * errored: Exception('The wandb backend process has shutdown')", "errored: FileNotFoundError(2,
 * 'No such file or directory')"): output, not code that raises it (`raise Exception('...')`).
 */
const PRINTED_EXCEPTION_REPR = /: [\w.]*(?:Error|Exception)\((?:[^()'"]|'[^']*'|"[^"]*")*\)/g;

/** A string literal in code, the exception reprs a program printed after its words set aside. */
function stringInCode(text: string): boolean {
  return STRING_IN_CODE.test(text.includes('(') ? text.replace(PRINTED_EXCEPTION_REPR, ':') : text);
}

/**
 * A marker inside a sentence ("it showed that RuntimeError: cublas runtime error : ...",
 * 'Error is as follow "...ChildFailedError: main.py FAILED"'): output, the writer's account,
 * or their own prose saying "I", with no talk around the quote and no code.
 */
function tellsOwnOutput(e: Evidence, layout: Layout | undefined, said: string = e.text): boolean {
  // The writer's own question ("how can I fix it?") asks; only their statements may hedge or advise.
  const statements = sentencesOf(quotesAsWords(codeAsWords(said)))
    .filter((s) => !isQuestion(s))
    .join(' ');
  if (
    isCode(e.text) ||
    stringInCode(e.text) ||
    speaksOf(statements) ||
    CAUSE_QUESTION.test(e.text) ||
    remarksOnQuote(e.text) ||
    // A fix told by nobody in person ("This is fixed in TensorRT 8: `[TensorRT] ERROR: ...`").
    (FIXED.test(statements) && !hasFirstPerson(statements))
  )
    return false;
  const kind = layout?.kinds[e.line - 1];
  if (holdsOutput(layout, e.line)) return true;
  // Under a bug report's template the report's sentences are the writer's own, "I" or not
  // ("Checkpointing crashes when `--zero` is set, with the error `RuntimeError: ...` being thrown").
  return (
    kind === 'prose' &&
    (hasFirstPerson(e.text) ||
      HERE_IS_THE_ERROR.test(e.text) ||
      THE_PROGRAM_SAYS.test(e.text) ||
      layout?.template === true)
  );
}

/** "Here is the error: libc++abi: terminating ...": the writer hands over to the output on the same line. */
const HERE_IS_THE_ERROR =
  /^\W{0,4}[Hh]ere(?:'s|’s| is| are) (?:the |my )?(?:full )?(?:error|log|output|traceback|crash)(?: message| log)?s?:/;

/** "The app shows "Runtime error Memory limit exceeded (16Gi)"": the program's words, quoted as it showed them. */
const THE_PROGRAM_SAYS =
  /^\W{0,4}(?:[Tt]he )?(?:app|demo|page|[Ss]pace|program|script|console|terminal|screen|UI) (?:shows|showed|says|said|displays|displayed|gives|gave|returns|returned|throws|threw) (?:(?:an?|the|this) (?:error|message):? )?["“'`]/;

/**
 * The writer's own sentence that says they got the error and quotes the program's text
 * a rule knows ('i got this error ": error while loading shared libraries: libcudnn.so.5:
 * cannot open ..."', 'I am getting this error - " error in ...: no kernel image is available
 * ..."'): "I", a verb of getting, then the quote (quotation marks, code marks, a colon or a
 * dash) that holds the rule's match, with no hedge or advice in that sentence (a question is
 * the writer asking) and no fix said to work in the line. A bare "I still get a cuda out of
 * memory error", quoting nothing, is not one.
 */
function quotesWhatTheyGot(e: Evidence, match: RegExp | undefined, layout: Layout | undefined): boolean {
  const kind = layout?.kinds[e.line - 1];
  if (!match || !(kind === 'prose' || holdsOutput(layout, e.line)) || layout?.examples.has(e.line))
    return false;
  const m = match.exec(e.text);
  if (!m) return false;
  const before = e.text.slice(0, m.index);
  // The quote opens at a mark, or right after "the error" ("received the error no available
  // memory for the cache blocks").
  const open = Math.max(
    before.lastIndexOf('"'),
    before.lastIndexOf('“'),
    before.lastIndexOf('`'),
    before.lastIndexOf(': '),
    before.lastIndexOf(' - '),
    NAMES_THE_ERROR.test(before) ? before.length : -1,
  );
  if (open < 0) return false;
  const lead = sentencesOf(before.slice(0, open)).at(-1) ?? '';
  const words = lowerWords(lead);
  if (
    !words.some((w) => FIRST_PERSON.has(w)) ||
    !(words.some((w) => GETTING.has(w) || OCCURRED.has(w)) || RAN_INTO.test(lead))
  )
    return false;
  // Only the sentence that holds the quote is read for hedges and advice: the writer may
  // go on to guess at the cause ("I thought it was because of insufficient memory").
  // A fix said to work anywhere in the line settles it ("... Fixed by a pip upgrade").
  const rest = e.text.slice(m.index + m[0].length);
  const end = SENTENCE_END.exec(rest);
  // "because I get" is the writer telling what stops them, not explaining an error.
  const own = lead.replace(BECAUSE_I_GET, '');
  const sentence = `${own}${e.text.slice(open, m.index + m[0].length)}${end ? rest.slice(0, end.index + 1) : rest}`;
  return !FIXED.test(e.text) && tellsOwnOutput(e, layout, sentence);
}

/** The end of "received the error ", "got this error ": what follows is the program's. */
const NAMES_THE_ERROR = /\b(?:the|this|an?) (?:error|message)(?: that says| saying)? $/;

/** The error told as happening to the writer's run ("I start training ..., the error always occurred: ..."). */
const OCCURRED = new Set(['occurs', 'occurred', 'occured', 'appears', 'appeared', 'happens', 'happened']);

/** "because I get", "because i got": the writer's own failure, told. */
const BECAUSE_I_GET = /\b[Bb]ecause (?=I (?:get|got|keep getting)\b)/g;

/** A fix said to work: "Fixed by ...", "I solved it", "the workaround helped". */
const FIXED = /\b(?:[Ff]ix(?:ed|es)|[Ss]olved|[Rr]esolved|[Ww]orkaround)\b/;

/**
 * Getting told in two words: "I run into the issue", "came across this error", "faced", "it
 * came out the error `...`", "this error pops up".
 */
const RAN_INTO =
  /\b(?:r[au]n(?:ning)? into|c[oa]me(?:s)? (?:across|out)|fac(?:e|ed|ing)|pop(?:s|ped)? up)\b/i;

/** Where a sentence ends: its stop and a space, or the line's end. */
const SENTENCE_END = /[.!?](?:\s|$)/;

/**
 * A line laid out as output (or with no layout read): where output may be. The writer's
 * account of their crash counts only where it quotes the program (Layout.accountText).
 */
function holdsOutput(layout: Layout | undefined, line: number): boolean {
  const kind = layout?.kinds[line - 1];
  return kind === undefined || kind === 'output' || (kind === 'account' && layout!.accountText.has(line));
}

/** A question about what brings an error on in general ("what issues can lead to this error which is ..."). */
const CAUSE_QUESTION =
  /\b[Ww]hat (?:issues?|problems?|causes?|can cause|could cause|might cause|would cause)\b/;

/** Words of a change, of advice, or of someone hedging about an error, wherever the line starts. */
function speaksOf(text: string): boolean {
  return (
    CHANGE.test(text) || AVOIDED.test(text) || HANDLED.test(text) || (SPEAKER.test(text) && TALK.test(text))
  );
}

/**
 * A crash named as what something is done to avoid ('Increased resource limit to avoid "OOM
 * killed"', "to prevent OOM crashes"): a change or advice, not a crash that happened.
 */
const AVOIDED =
  /\bto (?:avoid|prevent|mitigate)\b[^.]{0,40}\b(?:OOM|oom|[Kk]ill|[Cc]rash|[Oo]ut of memory|[Ss]egfault|[Ss]egmentation)/;

/**
 * An error named as what code is made to catch or handle ("update stable-diffusion-task lib
 * to catch RuntimeError: CUDA error: out of memory", "to handle torch.cuda.OutOfMemoryError
 * gracefully"): a change, not an error that happened. A program's "Failed to handle
 * request: ..." is output.
 */
const HANDLED =
  /(?<![Ff]ailed |[Uu]nable |[Cc]ould not |[Cc]annot )\bto (?:catch|handle|recover from)\b[^\n]{0,40}?(?:Error\b|Exception\b|OOM|oom|[Oo]ut of memory|[Ss]egfault|[Kk]illed)/;

/** A changelog or fix note: "Fixed a crash with ...", "This fix avoids the following error". */
const CHANGE =
  /^\W{0,4}(?:fixed|fixes|fix for|resolved|resolves|workaround)\b|\bthis (?:fix|change|PR|patch)\b/i;

/** Source code that names an error rather than output that shows one (a statement is tested after its indentation). */
const CODE_STATEMENT =
  /^(?:if|elif|except|catch|raise|throw|assert|return|echo|printf|print\(|console\.\w+\(|logger\.\w+\(|log\.\w+\()\b.*["'`]/;
const CODE_ANYWHERE: readonly RegExp[] = [
  /["'`]\s*(?:in|not in)\s+str\(/,
  /(?:==|!=|includes\(|match\(|search\()\s*["'`/]/,
  // A monitoring query's label matcher and an alert's template, which watch for a crash
  // ('kube_pod_container_status_terminated_reason{reason="OOMKilled"}', "Pod {{$labels.pod}}
  // was OOMKilled").
  /\{\w+=~?"/,
  /\{\{ ?\$?\.?\w/,
];

export interface CrashReportInput {
  fired: readonly FiredRule[];
  /** Non-zero exit codes found, with their lines. */
  exits: readonly Evidence[];
  tracebacks: number;
  /** Exception lines (`SomeError: ...`) seen after a traceback header. */
  exceptionsAfterTraceback: number;
  /**
   * Lines that are crash output whatever cause is behind them (listen/markers.ts: a WER
   * problem signature, an OOM daemon's kill, a sanitizer report, a native stack ...).
   */
  markers: readonly Evidence[];
  /** Markers found inside a line, after words that may be the writer's: judged by those words (tellsOwnOutput). */
  toldMarkers?: readonly Evidence[];
  /** The message's layout (listen/layout.ts); absent, every line may be output. */
  layout?: Layout | undefined;
  /** Exception lines (`RuntimeError: ...`), with or without a traceback above them. */
  exceptions?: readonly Evidence[];
}

/**
 * A reviewer's remark on a program's text quoted as inline code: a note's label or "this"
 * with what it should do, nobody saying "I", no question ("note: this should duplicate
 * `NVRM: Xid (PCI:0000:44:00): 79, GPU has fallen off the bus`"). Not someone who got it.
 */
function remarksOnQuote(text: string): boolean {
  const around = codeAsWords(text);
  if (around === text || around.trimEnd().endsWith('?')) return false;
  const words = lowerWords(around);
  if (words.some((w) => FIRST_PERSON.has(w))) return false;
  const labelled = REVIEW_LABELS.has(words[0] ?? '') && around.trimStart().split(' ', 1)[0]!.endsWith(':');
  // "this should not happen: `Killed`" complains of a crash one got.
  const modal = words.some(
    (w, i) => MODALS.has(w) && (words[i - 1] === 'this' || words[i - 1] === 'that') && words[i + 1] !== 'not',
  );
  return modal && (labelled || words[0] === 'this' || words[0] === 'that');
}

const MODALS = new Set(['should', 'would', 'could', 'might', 'must', 'shall']);
const REVIEW_LABELS = new Set(['note', 'nit', 'suggestion', 'todo', 'fyi']);

/** A line that is one quotation from end to end ('"The kernel has died, ..."'), with no quote inside. */
function quotedWhole(text: string): boolean {
  let t = text.trim();
  while (t.length > 0 && '.:;,'.includes(t.at(-1)!)) t = t.slice(0, -1);
  const open = t[0];
  if ((open !== '"' && open !== '“') || t.length < 3) return false;
  const close = open === '“' ? '”' : '"';
  if (t.at(-1) !== close) return false;
  const inside = t.slice(1, -1);
  return !inside.includes(close) && !inside.includes(open);
}

/**
 * A line that carries output: not talk, and laid out as output or as the writer's account
 * of their crash (not an explaining sentence, other prose, a heading, a diff line or a bare
 * name). A line past the layout's reach is judged by isTalk alone; one a line above announced
 * as a paste is output, however it talks.
 */
function carriesOutput(e: Evidence, layout: Layout | undefined): boolean {
  if (layout?.examples.has(e.line)) return false;
  if (layout?.announced.has(e.line)) return true;
  // Code is read as written; the talk is the writer's words, a program's message quoted in
  // them set aside (its own "might be caused by ..." is not the writer hedging).
  const writers = writersPart(e.text, startsLikeOutput);
  if (isCode(writers) || isTalk(quotesAsWords(writers)) || remarksOnQuote(e.text)) return false;
  return holdsOutput(layout, e.line);
}

/**
 * A line that opens with a long stretch of a program's own message, the one a rule knows
 * (40 characters or more: "Expected to have finished reduction in the prior iteration"),
 * after markup, quotes and the exception's name: a paste, however much the message goes on
 * to speak to its reader ("This error indicates that your module has parameters ... You
 * can enable ..."). A writer who quotes such a message in a sentence of their own puts it
 * in code marks or after their own words.
 */
function opensWithProgramText(e: Evidence, match: RegExp | undefined, layout: Layout | undefined): boolean {
  if (
    !match ||
    WRITING_AROUND_MARKERS.has(layout?.kinds[e.line - 1] ?? 'output') ||
    layout?.examples.has(e.line)
  )
    return false;
  let i = 0;
  while (i < e.text.length && ' \t_*>"'.includes(e.text[i]!)) i++;
  let rest = e.text.slice(i);
  const name = EXCEPTION_NAME.exec(rest);
  if (name) rest = rest.slice(name[0].length);
  const m = match.exec(rest);
  return m !== null && m.index === 0 && m[0].length >= PROGRAM_TEXT;
}

/** The evidence outside the lines a reply quotes from someone else (Layout.repliedTo). */
function ownEvidence(input: CrashReportInput, quoted: ReadonlySet<number>): CrashReportInput {
  const own = (e: Evidence) => !quoted.has(e.line);
  return {
    ...input,
    fired: input.fired.map((f) => ({ ...f, evidence: f.evidence.filter(own) })),
    exits: input.exits.filter(own),
    markers: input.markers.filter(own),
    toldMarkers: input.toldMarkers?.filter(own) ?? [],
    exceptions: input.exceptions?.filter(own) ?? [],
  };
}

const PROGRAM_TEXT = 40;
const EXCEPTION_NAME = /^[\w.]*(?:Error|Exception): /;

/** Lines whose markers are quoted in writing: a diff's, a script's comments, a table's cells. */
const WRITING_AROUND_MARKERS: ReadonlySet<LineKind> = new Set(['diff', 'code', 'table']);

export function isCrashReport(given: CrashReportInput): boolean {
  const { layout } = given;
  if (layout?.document || layout?.change || layout?.answer) return false;
  const input = layout?.repliedTo.size ? ownEvidence(given, layout.repliedTo) : given;
  const strong = input.fired.some(
    (f) =>
      f.kind === 'error' &&
      f.weight >= 0.5 &&
      f.evidence.some(
        (e) =>
          carriesOutput(e, layout) ||
          opensWithProgramText(e, f.match, layout) ||
          quotesWhatTheyGot(e, f.match, layout),
      ),
  );
  if (strong) return true;
  if (input.exits.some((e) => carriesOutput(e, layout))) return true;
  if (input.toldMarkers?.some((e) => tellsOwnOutput(e, layout))) return true;
  // Someone telling of their own crash in a sentence that quotes the program ("it just says
  // Killed and exits", "there is an error 'Segmentation fault (core dumped)'"). An account in
  // the writer's own words only ("the kernel dies every time") carries no output: it is talk.
  if ([...(layout?.accountText ?? [])].some((line) => !layout?.repliedTo.has(line))) return true;
  // An exception pasted under a bug report's heading ("### 🐛 Describe the bug" over
  // "RuntimeError: Engine core initialization failed. See root cause above."), even alone,
  // or in a message that is nothing but a paste.
  if ((layout?.template || layout?.pasteOnly) && input.exceptions?.some((e) => carriesOutput(e, layout)))
    return true;
  // An exception the writer announced as what they got ("I get this error:" over
  // "ValueError: ..."), even alone.
  if (input.exceptions?.some((e) => layout?.ownPastes.has(e.line))) return true;
  // Markers are fixed formats a person does not write in a sentence (a Jupyter notice is
  // one), so only diff lines, a script's comments, table cells and talk take them back; a
  // marker quoted as inline code is the program's text, and whether the line is talk is read
  // from the writer's words around it.
  // A line quoted whole ('"The kernel has died, and the automatic restart has failed. ...
  // If you are not able to restart the kernel, ..."') is the program's text, however it talks,
  // and so is one the writer announced as what they got ("I am getting this error:" over CrewAI's
  // "It seems we encountered an unexpected error while trying to use the tool. ...").
  if (
    input.markers.some(
      (e) =>
        (quotedWhole(e.text) ||
          layout?.announced.has(e.line) ||
          !(isTalk(codeAsWords(e.text)) || remarksOnQuote(e.text))) &&
        !WRITING_AROUND_MARKERS.has(layout?.kinds[e.line - 1] ?? 'output') &&
        !layout?.examples.has(e.line),
    )
  )
    return true;
  return input.tracebacks > 0 && input.exceptionsAfterTraceback > 0;
}
