// Listening mode: does this message hold crash output that deserves an unasked reply?
// Yes for a pasted traceback, CUDA error or exit code that ended a job; no for talk
// that mentions errors in passing, questions, success output, harmless warnings, code
// and changelogs.
import type { Evidence } from '../types.js';
import type { FiredRule } from './rank.js';

/** Lines that start the way machine output starts. */
const LOG_START =
  /^\s*(?:[\w.]{0,80}(?:Error|Exception|Warning)\b|Traceback|Process finished|[IWEF]\d{4} |[EWF] |\[|\d|\/|[A-Za-z]:\\|File "|THCudaCheck|Killed|Segmentation|Illegal|Bus error|Aborted|Fatal|terminate called|Thread \d|zsh:|bash:|ERROR|WARNING|CUDA|cuDNN|NCCL|nccl|torch|tensorflow|jax|ptxas|libdevice|\w{1,40}:\s)/;

/** Someone speaking: first or second person, or a question. */
const SPEAKER = /\b(?:I|I'm|I've|I'd|[Ww]e|[Yy]ou|[Yy]our|[Mm]y|[Oo]ur)\b|\?\s*$/;

/** Words of someone talking about an error rather than pasting it. */
const TALK =
  /\b(?:usually|typically|might|maybe|probably|perhaps|should|would|could(?!n't| not)|indicates?|means|because|if|avoid|fix(?:ed|es)?|seems?|think|guess)\b/i;

/**
 * A line that mentions an error while talking about it ("usually a device side assert
 * gets triggered when your input ...") rather than quoting output. Error messages carry
 * hedges of their own ("This is probably because cuDNN failed to initialize"), so only
 * a speaker plus a hedge, on a line that does not start like output, counts as talk.
 */
export function isTalk(text: string): boolean {
  if (CODE.test(text)) return true;
  if (LOG_START.test(text)) return false;
  return CHANGE.test(text) || (SPEAKER.test(text) && TALK.test(text));
}

/** A changelog or fix note: "Fixed a crash with ...", "This fix avoids the following error". */
const CHANGE =
  /^\W{0,4}(?:fixed|fixes|fix for|resolved|resolves|workaround)\b|\bthis (?:fix|change|PR|patch)\b/i;

/** Source code that names an error rather than output that shows one. */
const CODE =
  /^\s*(?:if|elif|except|catch|raise|throw|assert|return|print\(|console\.\w+\(|logger\.\w+\(|log\.\w+\()\b.{0,200}["'`]|["'`]\s*(?:in|not in)\s+str\(|(?:==|!=|includes\(|match\(|search\()\s*["'`/]/;

export interface CrashReportInput {
  fired: readonly FiredRule[];
  /** Non-zero exit codes found, with their lines. */
  exits: readonly Evidence[];
  tracebacks: number;
  /** Exception lines (`SomeError: ...`) seen after a traceback header. */
  exceptionsAfterTraceback: number;
}

export function isCrashReport(input: CrashReportInput): boolean {
  const strong = input.fired.some(
    (f) => f.kind === 'error' && f.weight >= 0.5 && f.evidence.some((e) => !isTalk(e.text)),
  );
  if (strong) return true;
  if (input.exits.some((e) => !isTalk(e.text))) return true;
  return input.tracebacks > 0 && input.exceptionsAfterTraceback > 0;
}
