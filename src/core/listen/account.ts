// Someone's own account of a crash, said in a sentence: "when i run the main_test.py, it
// always be killed", "I get a Seg Fault 11 when I import PyGMO", "the kernel dies every
// time". Such a message is a crash report although it pastes no output; the same words in
// an answer that explains them, a fix that worked or a feature request are not.
// Plain string scanning: no pattern here can backtrack.

import { alternationOf } from '../text/regex-escape.js';
import {
  ADVICE,
  ANSWERING,
  ASKING,
  CHANGE_NOTES,
  CHANGE_VERBS,
  CJK_CRASH,
  CJK_ERROR_OCCURS,
  CJK_TALK,
  CODE_PHRASES,
  CRASH_PHRASES,
  EXPLAINING,
  FIX_STATUS,
  GUESSING,
  HEDGES,
  KERNEL_DEATH,
  KERNEL_WORDS,
  OPINION,
  PERSON,
  REPORT_PARTS,
  REQUEST_OPENERS,
  SETTLED,
} from './account-words.js';
import { speaksLikeAPerson } from './sentence.js';
import {
  codeAsWords,
  hasCjk,
  hasFirstPerson,
  isLetterChar,
  isQuestion,
  isWordToken,
  lowerWords,
  quotesAsWords,
  sentencesOf,
  tokens,
} from './words.js';

/**
 * Whether the lowercase line holds one of the phrases between word bounds. The phrases are
 * first sought all at once, by one alternation: most lines hold none, and one search of the
 * line costs less than one per phrase.
 */
function phraseSet(phrases: readonly string[]): (lower: string) => boolean {
  const any = new RegExp(alternationOf(phrases));
  return (lower) => any.test(lower) && phrases.some((p) => hasPhrase(lower, p));
}

function hasPhrase(lower: string, phrase: string): boolean {
  for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + 1)) {
    const before = lower[at - 1];
    const after = lower[at + phrase.length];
    if (!isLetter(before) && !isLetter(after)) return true;
  }
  return false;
}

/** A letter before CJK (whose words have no spaces, so they bound a phrase). */
function isLetter(c: string | undefined): boolean {
  return c !== undefined && c.charCodeAt(0) < 0x3000 && isLetterChar(c);
}

/** Whether the line names a crash the way people write it. */
export function namesCrash(line: string): boolean {
  const lower = line.toLowerCase();
  if (namesCrashPhrase(lower)) return true;
  if (CODE_PHRASES.some((p) => nonZeroCodeAfter(lower, p))) return true;
  if (killsKernel(lowerWords(line))) return true;
  return hasCjk(line) && CJK_CRASH.some((p) => line.includes(p));
}

/** A notebook kernel said to die or restart ("the kernel gets restarted", "Kernal always die"). */
function killsKernel(words: readonly string[]): boolean {
  return words.some((w) => KERNEL_WORDS.has(w)) && words.some((w) => KERNEL_DEATH.has(w));
}

/** "exit code 137", "return code = -11", "error code: 3221225477", not "exit code 0" nor "exit codes". */
function nonZeroCodeAfter(lower: string, phrase: string): boolean {
  for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + 1)) {
    if (isLetter(lower[at - 1])) continue;
    let i = at + phrase.length;
    while (i < lower.length && ' =:"\'`*('.includes(lower[i]!)) i++;
    if (lower[i] === '-') i++;
    let digits = '';
    while (i < lower.length && lower[i]! >= '0' && lower[i]! <= '9') digits += lower[i++];
    if (digits.length > 0 && Number(digits) !== 0) return true;
    if (!isLetter(lower[at + phrase.length]) && nonZeroCodeBefore(lower, at)) return true;
  }
  return false;
}

/** The number said before the code's name: "a 139 exit code", "exit as 137 error code". */
function nonZeroCodeBefore(lower: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && lower[i] === ' ') i--;
  let digits = '';
  while (i >= 0 && lower[i]! >= '0' && lower[i]! <= '9') digits = lower[i--] + digits;
  return digits.length > 0 && Number(digits) !== 0 && (i < 0 || !isLetter(lower[i]));
}

/** What the whole message says about its writer: there, asking, or done with the problem. */
export interface Writer {
  /**
   * The message may tell of its writer's run: "I", "my" or "me" somewhere or a question
   * asked, or at least nobody spoken to as "you" (a bare "the script is terminated with a
   * zsh: killed error" is a report; "your job was killed" answers one).
   */
  present: boolean;
  /** The writer says "I", "my" or "me", or asks something. */
  tells: boolean;
  /** A person wrote it: "I", "we", a question, a greeting or thanks. */
  human: boolean;
  /** A change's description: a pull request or a patch note. */
  change: boolean;
  /** The problem is settled: a fix said to work, not a crash to answer. */
  settled: boolean;
  /**
   * An answer about the reader's paste: "your log shows ...", "the traceback you posted":
   * the output it quotes is the reader's, already asked about.
   */
  answer: boolean;
}

export function readWriter(lines: readonly string[]): Writer {
  let present = false;
  let settled = false;
  let reader = false;
  let human = false;
  let answer = false;
  let change = opensWithChange(lines);
  const prHeadings = new Set<string>();
  for (const line of lines) {
    const words = lowerWords(line);
    const lower = line.toLowerCase();
    if (!answer && !isTemplateText(line) && namesReadersPaste(words)) answer = true;
    if (!answer && answering(lower)) answer = true;
    if (!reader && words.some(isReaderWord)) reader = true;
    // Chat markup is a person's too: bold, a link (programs print backticks themselves).
    if (!human && (words.some((w) => PERSON.has(w)) || hasMarkup(line))) human = true;
    const trimmed = line.trimEnd();
    if (
      !present &&
      (hasFirstPerson(line) ||
        trimmed.endsWith('?') ||
        trimmed.endsWith('？') ||
        asking(lower) ||
        ASKING_CJK.some((a) => line.includes(a)))
    )
      present = true;
    if (!settled && (settledPhrase(lower) || neverAgain(lower))) settled = true;
    if (!change && ANY_CHANGE_NOTE.test(lower) && CHANGE_NOTES.some((s) => namesChange(lower, s)))
      change = true;
    if (!change && CJK_CHANGE_HEADING.test(line)) change = true;
    const heading = PR_HEADING.exec(line.trim());
    if (heading) prHeadings.add(heading[1]!.toLowerCase());
  }
  // A pull request template's sections ("### Motivation", "### Description", "### Testing";
  // "## Related Issues", "## Summarize Changes"): two of them, one that only a change has.
  if (
    !change &&
    prHeadings.size >= 2 &&
    [...prHeadings].some((h) => h !== 'description' && h !== 'checklist')
  )
    change = true;
  return { present: present || !reader, tells: present, human: human || present, change, settled, answer };
}

/**
 * A change named as the message's own ("This PR adds ...", "Fixes #12"), not one the writer
 * points at: "when performing CI for [this PR](...)", "the tests on this PR fail" tell of a
 * crash in someone's change.
 */
function namesChange(lower: string, phrase: string): boolean {
  if (!phrase.startsWith('this ')) return hasPhrase(lower, phrase);
  for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + 1)) {
    if (isLetter(lower[at - 1]) || isLetter(lower[at + phrase.length])) continue;
    if (lower[at - 1] === '[') continue;
    const before = lowerWords(lower.slice(Math.max(0, at - 12), at)).at(-1) ?? '';
    if (!POINTED_AT.has(before)) return true;
  }
  return false;
}

/** Words before "this PR" that point at a change rather than present it ("read through this PR (...)", "is available at this PR: ..."). */
const POINTED_AT = new Set([
  'for',
  'at',
  'see',
  'on',
  'with',
  'from',
  'against',
  'through',
  'read',
  'saw',
  'seen',
  'checked',
  'tried',
  'followed',
  'despite',
  'like',
  'about',
]);

/** "... and never got OOM again", "never happened again": the crash is gone since a change. */
function neverAgain(lower: string): boolean {
  for (let at = lower.indexOf('never '); at >= 0; at = lower.indexOf('never ', at + 1)) {
    if (isLetter(lower[at - 1])) continue;
    const again = lower.indexOf(' again', at);
    if (again < 0 || again - at > 60) continue;
    const between = lower.slice(at, again);
    if (!between.includes('.') && !between.includes('?') && !between.includes('!')) return true;
  }
  return false;
}

/** "your log", "your error message", "the output you posted": the reader's paste, named by someone answering it. */
function namesReadersPaste(words: readonly string[]): boolean {
  return words.some(
    (w, i) =>
      (isReaderWord(w) && w !== 'you' && READERS_PASTE.has(words[i + 1] ?? '')) ||
      (w === 'you' && SHARED.has(words[i + 1] ?? '') && READERS_PASTE.has(words[i - 1] ?? '')),
  );
}

const READERS_PASTE = new Set([
  'log',
  'logs',
  'traceback',
  'tracebacks',
  'output',
  'error',
  'errors',
  'stacktrace',
]);
const SHARED = new Set(['posted', 'pasted', 'shared', 'attached', 'sent', 'provided']);

/**
 * A report template's own words, which speak to whoever fills it in: its headings and
 * comments, and a placeholder ("Your output of `python collect_env.py` here").
 */
function isTemplateText(line: string): boolean {
  const t = line.trim();
  return t.startsWith('#') || t.startsWith('<!--') || t.toLowerCase().endsWith(' here');
}

/**
 * The message's first line is a change's summary in the imperative ("Guard the exit code 137
 * check with ...", "Show the memory limit ... `OOMKilled`"), said by nobody in person.
 */
function opensWithChange(lines: readonly string[]): boolean {
  // Past a pull request template's first heading ("## Overview", "## Summary"), not past an
  // issue template's ("## Describe the bug", "### Steps to reproduce").
  const first = lines.find((l) => l.trim().length > 0 && !isTemplateHeading(l));
  if (first === undefined || hasFirstPerson(first)) return false;
  let raw = tokens(stripLeadingMarks(first));
  const opener = raw[0]?.toLowerCase() ?? '';
  // "This change improves ...", "This PR adds ...": a change introducing itself.
  if (opener === 'this' && CHANGE_NOUNS.has(raw[1]?.toLowerCase() ?? '')) return true;
  // "Temporarily reverts ...", "Properly handle ...": the verb after its adverb.
  if (opener.endsWith('ly') && CHANGE_VERBS.has(raw[1]?.toLowerCase() ?? '')) raw = raw.slice(1);
  const next = raw[1] ?? '';
  // "Fix https://github.com/cupy/cupy/issues/185", "Fix #185", "Addresses #2693 and a report of the
  // same failure.": a change naming the issue it closes.
  if (CHANGE_VERBS.has(opener) && ISSUE_LINK.test(next)) return true;
  return (
    raw.length >= 4 &&
    CHANGE_VERBS.has(raw[0]!.toLowerCase()) &&
    (isLowerWord(next) || '"`“'.includes(next[0]!))
  );
}

/**
 * A pull request's section heading in Chinese or Japanese: "## 改动" (the changes), "## 变更内容",
 * "## 変更内容". The errors such a description quotes are what the change handles.
 */
const CJK_CHANGE_HEADING =
  /^#{1,4} *(?:改动|变更|修改|更改|主要改动|本次改动|改动说明|变更说明|変更)(?:内容|点)? *$/;

/**
 * A section heading of pull request templates (description and checklist are issues' too), and of
 * feature requests' ("## Motivation", "## Pitch", "## Alternatives"): what they quote is what the
 * change or the feature is about.
 */
const PR_HEADING =
  /^#{1,4} ?(motivation|pitch|alternatives(?: considered)?|testing|test plan|tests? done|how (?:was|has) this been tested\??|related issues?|summari[sz]e (?:the )?changes|changes made|type of changes?|what does this pr do\??|modifications|description|checklist)(?::| #{1,4})?$/i;

/** An issue or pull request named by its address or number. */
const ISSUE_LINK =
  /^(?:https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(?:issues|pull)\/\d+|(?:[\w.-]+\/[\w.-]+)?#\d+)[.,:]?$/;

/** What a change calls itself when it opens its description. */
const CHANGE_NOUNS = new Set(['change', 'pr', 'patch', 'commit', 'diff']);

/** A Markdown heading of up to four words that names no part of a bug report. */
function isTemplateHeading(line: string): boolean {
  const t = line.trim();
  if (!t.startsWith('#')) return false;
  const words = lowerWords(t);
  return words.length > 0 && words.length <= 4 && !words.some((w) => REPORT_PARTS.has(w));
}

/** A Markdown list or heading mark before a line's words ("- ", "* ", "## "). */
function stripLeadingMarks(line: string): string {
  let i = 0;
  while (i < line.length && ' \t#*->'.includes(line[i]!)) i++;
  return line.slice(i);
}

function isLowerWord(word: string): boolean {
  const c = word[0];
  return c !== undefined && c >= 'a' && c <= 'z';
}

function hasMarkup(line: string): boolean {
  return line.includes('**') || line.includes('](');
}

/** "you", "your", "you're": the reader is spoken to. */
export function isReaderWord(word: string): boolean {
  return word === 'you' || word === 'your' || word.startsWith('you’') || word.startsWith("you'");
}

/**
 * A line that tells of the writer's own crash: it names one, is written (a sentence of four
 * words or more, or CJK writing), and neither explains, guesses nor tells a fix; the
 * message has its writer in it and is not settled.
 */
export function isAccount(text: string, writer: Writer): boolean {
  if (!writer.present || writer.settled) return false;
  // With nobody saying "I" or asking, a remark that speaks like a person is talk
  // ("exit code 137 is just SIGKILL, nothing to do with the GPU"), and so is one that
  // praises or thanks ("the segfault talk at the reading group was great, thanks").
  if (!writer.tells && (speaksLikeAPerson(text) || lowerWords(text).some((w) => SOCIAL.has(w)))) return false;
  const sentences = sentencesOf(text);
  // The writer is in the paragraph when it says "I" or asks something.
  const writerHere = hasFirstPerson(text) || sentences.some(isQuestion);
  if (hasCjk(text) && (CJK_TALK.some((w) => text.includes(w)) || asksTheReaderCjk(text))) return false;
  // One explaining or advising sentence makes the whole paragraph talk, except the
  // writer's own question ("Could you please tell me where the problem might be?").
  // A sentence with "I" in it is the writer's own reasoning or request ("because I can see
  // the last memory usage was 22 GB", "can you please help me?"), not an explanation.
  // A program's message quoted in the line speaks for the program, not the writer.
  const spoken = quotesAsWords(text);
  // A reporter who asks hedges their own account too ("running it would incur Segmentation
  // fault. How to solve it?"); a hedged question is not an account.
  const asks = sentences.some(isQuestion);
  const tells = sentences.map((s) => tellsCrash(s, asks && !isQuestion(s)));
  // The writer's own guess beside their own crash ("I got an error `...`. I think it may be
  // related to CUDA.") is a reporter wondering, not someone explaining another's crash.
  const ownCrash = sentences.some((s, i) => tells[i] && hasFirstPerson(s));
  const talks = (spoken === text ? sentences : sentencesOf(spoken)).some((s) => {
    const words = lowerWords(s);
    // Beside their own crash, a reporter's call for help ("And if anyone has any solution kindly
    // suggest the same.") asks, it does not explain.
    if (ownCrash && words.some((w) => PLEA.has(w))) return false;
    if (
      words.some(
        (w, i) =>
          OPINION.has(w) && !namesOwnStop(words, i, writerHere) && !(ownCrash && words[i - 1] === 'i'),
      )
    )
      return true;
    // A sentence that shows the writer's error ("Has anyone encountered this error，...Exception: ...") is theirs.
    if (hasFirstPerson(s) || namesOwnException(s)) return false;
    if (words.includes('thank') || words.includes('thanks')) return false;
    // A plea is the writer's own ("Please fix it.", "please help"), not advice or an explanation.
    if (words[0] === 'please' || words[0] === 'pls' || words[0] === 'plz') return false;
    // A question asks for reasons and fixes ("What's the possible reasons and how to solve
    // them?"); only one put to the reader ("is your code supposed to ...?") is talk, not the
    // writer's request ("Do you know what happened?"), and so is one about whether a crash
    // was fixed or released ("is there a plan to release the fixed version?").
    if (isQuestion(s)) return asksTheReader(words) || words.some((w) => FIX_STATUS.has(w));
    // Advice to someone opens its sentence with what to do ("Add more swap", "Reduce the batch size").
    if (ADVICE.has(words[0] ?? '')) return true;
    // A reporter names what killed their own run ("all the jobs are automatically killed
    // because of a slurm out-of-memory error", after "If I change ..."); "because" with a
    // clause after it explains.
    return words.some(
      (w, i) =>
        (EXPLAINING.has(w) && !(writerHere && w === 'because' && words[i + 1] === 'of')) ||
        isReaderWord(w) ||
        (!writerHere && HEDGES.has(w)),
    );
  });
  return !talks && tells.includes(true);
}

/**
 * A question put to the reader in Chinese or Japanese, with nobody saying "I" in it
 * ("可否贴出你的完整log呢？", could you post your whole log?): someone answering a report.
 * A greeting ("您好，", hello) addresses nobody's run.
 */
function asksTheReaderCjk(text: string): boolean {
  for (const part of text.replace(/[你您]好/g, '').split(/(?<=[？?])/)) {
    const question = part.trimEnd();
    if (
      (question.endsWith('？') || question.endsWith('?')) &&
      /[你您]/.test(question) &&
      !question.includes('我')
    )
      return true;
  }
  return false;
}

/**
 * A question put to the reader about their run ("is your code supposed to ...?", "did you
 * try ...?"), not the writer asking them for help ("Do you know what happened and how to
 * solve it?", "Could you have a look?").
 */
function asksTheReader(words: readonly string[]): boolean {
  if (!words.some(isReaderWord)) return false;
  const request = REQUEST_OPENERS.has(words[0] ?? '') && words[1] === 'you';
  return !request || words.some((w) => w !== 'you' && isReaderWord(w));
}

/**
 * Every crash the sentence names is in a clause that supposes it, with nobody saying "I"
 * there ("although if multiple ranks were killed, I'm not sure we can ..."): a design
 * note's case, not a crash that happened. "It crashes if the batch is over 32" and "If I
 * run it, it gets killed" tell one.
 */
function onlySupposes(sentence: string): boolean {
  let named = false;
  for (const clause of clausesOf(sentence)) {
    if (!namesCrash(clause)) continue;
    named = true;
    const words = lowerWords(clause);
    const crashAt = words.findIndex((w) => namesCrash(w));
    const ifAt = words.findIndex((w) => SUPPOSING.has(w));
    const supposed = ifAt >= 0 && (crashAt < 0 || ifAt < crashAt) && !hasFirstPerson(clause);
    if (!supposed) return false;
  }
  return named;
}

const SUPPOSING = new Set(['if', 'unless', 'whether']);

/** A sentence's clauses, cut at commas, semicolons and dashes. */
function clausesOf(sentence: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < sentence.length; i++) {
    const c = sentence[i]!;
    if (
      c === ',' ||
      c === ';' ||
      c === '，' ||
      (c === '-' && sentence[i - 1] === ' ' && sentence[i + 1] === ' ')
    ) {
      out.push(sentence.slice(start, i));
      start = i + 1;
    }
  }
  out.push(sentence.slice(start));
  return out;
}

/** Words of conversation about something that went well, not of a crash one had. */
const SOCIAL = new Set([
  'thanks',
  'thank',
  'great',
  'awesome',
  'congrats',
  'cheers',
  'nice',
  'enjoyed',
  'welcome',
]);

/** Words a question about what something is opens with. */
const ASKS_WHAT = new Set(['what', "what's", 'what’s', 'which']);

/** Words a yes-no question opens with. */
const AUXILIARIES = new Set([
  'did',
  'does',
  'do',
  'is',
  'are',
  'was',
  'were',
  'can',
  'could',
  'would',
  'will',
  'has',
  'have',
  'should',
]);

/** One sentence that names a crash, is written, and neither guesses nor hedges without its writer. */
function tellsCrash(sentence: string, asked: boolean): boolean {
  const shown = namesOwnException(sentence);
  if (!(namesCrash(sentence) || shown) || onlySupposes(sentence)) return false;
  // "Did the job get killed again after the fix?" asks about a crash; "why does my training
  // get killed?" and "the job exited with code 137, any idea?" tell of one, and so does a
  // question that shows the error ("Has anyone encountered this error，...Exception: ...").
  // "What is error code 137?" asks what a name means, telling of no crash.
  if (
    !shown &&
    isQuestion(sentence) &&
    !hasFirstPerson(sentence) &&
    AUXILIARIES.has(lowerWords(sentence)[0] ?? '')
  )
    return false;
  // "When does vLLM run out of memory?" asks when a crash happens in general, and "Why are
  // we doing exit code 1." in a review asks about code; "why does my job get killed" tells.
  const [first = '', second = ''] = lowerWords(sentence);
  if ((first === 'why' || first === 'how') && !hasFirstPerson(sentence)) return false;
  if (
    isQuestion(sentence) &&
    !hasFirstPerson(sentence) &&
    (ASKS_WHAT.has(first) || (first === 'when' && AUXILIARIES.has(second)))
  )
    return false;
  // Inline code (a command line, a path) counts as one word: "I get a `Segmentation fault`
  // when I run `main --n_predict 256 --threads 4`" is written, however long the command.
  const words = tokens(codeAsWords(sentence));
  const written =
    hasCjk(sentence) || (words.length >= 4 && words.filter(isWordToken).length * 5 >= words.length * 3);
  if (!written) return false;
  const own = asked || hasFirstPerson(sentence);
  const lower = lowerWords(sentence);
  return !lower.some(
    (w, i) => GUESSING.has(w) || (OPINION.has(w) && !namesOwnStop(lower, i, own)) || (!own && HEDGES.has(w)),
  );
}

/**
 * The writer quotes the exception their own run raised ("I encountered the following error
 * when running train.py: ValueError: Attempting to unscale FP16 gradients."): an exception
 * is the program's failure whatever its name, told by its head (a name ending in Error or
 * Exception, a colon, the message).
 */
function namesOwnException(sentence: string): boolean {
  const head = EXCEPTION_HEAD.exec(sentence);
  if (!head) return false;
  // A full-width comma glues the next word on ("error，torch...").
  const before = lowerWords(sentence.slice(0, head.index).replaceAll('，', ' '));
  // "Has anyone encountered this error，torch...ProcessExitedException: process 0 terminated
  // with signal SIGKILL." shows the error as the writer's too.
  if (!(hasFirstPerson(sentence) || showsThisError(before) || saysErrorOccurs(sentence))) return false;
  // "now I did not see the "RuntimeError: DataLoader worker..."" tells it is gone.
  return !before.some((w) => NOT_SEEN.has(w));
}

/**
 * A Korean, Chinese or Japanese sentence saying the error occurred, as its writers say they
 * got one, often with no pronoun ("코드에서 TypeError: not a string 에러가 발생합니다": in
 * the code, the error ... occurs).
 */
export function saysErrorOccurs(sentence: string): boolean {
  return hasCjk(sentence) && CJK_ERROR_OCCURS.some((p) => sentence.includes(p));
}

/** The asking phrases by how they are found: between word bounds, or anywhere (in scripts without spaces). */
const asking = phraseSet(ASKING.filter((a) => !hasCjk(a)));
const ASKING_CJK = ASKING.filter(hasCjk);
const answering = phraseSet(ANSWERING);
const settledPhrase = phraseSet(SETTLED);
const namesCrashPhrase = phraseSet(CRASH_PHRASES);
const ANY_CHANGE_NOTE = new RegExp(alternationOf(CHANGE_NOTES));

/** Words of a call for help. */
const PLEA = new Set([
  'solution',
  'solutions',
  'suggest',
  'suggestion',
  'suggestions',
  'help',
  'advice',
  'idea',
  'ideas',
]);

/** "this error", "the following error", "this exception" in the words before the exception's head. */
function showsThisError(words: readonly string[]): boolean {
  return words.some(
    (w, i) =>
      (w === 'error' || w === 'exception') && (words[i - 1] === 'this' || words[i - 1] === 'following'),
  );
}

const NOT_SEEN = new Set([
  'not',
  'no',
  'never',
  "didn't",
  'didn’t',
  "don't",
  'don’t',
  "doesn't",
  'doesn’t',
  'longer',
]);

const EXCEPTION_HEAD = /\b[A-Z][A-Za-z]{0,40}(?:Error|Exception): \S/;

/**
 * The writer names the crash that stops their own run as the reason they cannot go on
 * ("It's no longer possible for me to generate images ... due to CUDA out of memory"):
 * something they cannot do, then "due to" and the crash, in a paragraph where the writer
 * speaks. "Killed due to memory pressure" and "the crash is due to the driver" tell a
 * cause, and "I trained a model on 1.7.0 due to it crashing" a reason for what they did.
 */
function namesOwnStop(words: readonly string[], at: number, writerHere: boolean): boolean {
  if (!writerHere || words[at] !== 'due' || words[at + 1] !== 'to') return false;
  const before = words.slice(0, at);
  return (
    before.some((w) => CANNOT.has(w)) &&
    namesCrash(words.slice(at + 2).join(' ')) &&
    !namesCrash(before.join(' '))
  );
}

/** Words that say something cannot be done or did not work. */
const CANNOT = new Set([
  'no',
  'not',
  'cannot',
  "can't",
  'can’t',
  "couldn't",
  'couldn’t',
  'unable',
  'impossible',
  'fail',
  'fails',
  'failed',
]);
