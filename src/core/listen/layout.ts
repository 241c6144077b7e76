// How a chat message is laid out, line by line, for listening: which lines are pasted
// output and which are someone writing (a sentence, a heading, a diff, a bare name).
// A message is a crash report when it carries output, not when it names one, so an
// error text inside a sentence, a diff or a document's example does not make it one.
// Plain string scanning: no pattern here can backtrack.

import { isDigits } from '../text/digits.js';
import { isAccount, isReaderWord, readWriter, saysErrorOccurs } from './account.js';
import { CJK_TALK, REPORT_PARTS } from './account-words.js';
import {
  exceptionAfterCjk,
  explainsError,
  isSentence,
  opensLikeOutput,
  quotesOutput,
  speaksLikeAPerson,
  speaksLikeAProgram,
} from './sentence.js';
import {
  hasCjk,
  hasFirstPerson,
  indentOf,
  isLetterChar,
  isQuestion,
  isWordToken,
  lowerWords,
  sentencesOf,
  stripMarkup,
  tokens,
} from './words.js';

/**
 * `output`: pasted output (or what may be); `account`: the writer telling of their own
 * crash in a sentence. The other kinds are writing: `sentence` explains an error, `prose`
 * is any other sentence (naming an error in one does not carry it), then headings, diff
 * lines and bare exception names, source code that names an error (a handler, a comment in a
 * script) and the rows of a Markdown table.
 */
export type LineKind =
  | 'output'
  | 'account'
  | 'sentence'
  | 'prose'
  | 'heading'
  | 'diff'
  | 'name'
  | 'code'
  | 'table'
  | 'blank';

/**
 * What a program printed, inside the writer's account of their crash: a quoted or inline-code
 * span, an exception's or error's head, a shell's or launcher's words ("(core dumped)", a
 * quoted "killed", "exits with return code = -9"), a CUDA or ROCm status, an address.
 */
const PROGRAM_TEXT_IN_ACCOUNT: readonly RegExp[] = [
  // A quote of a message has a space in it; a file or package name in code marks ("`q4_k.gguf`") is no output.
  // Curly quotes hold a dialog's words too, in scripts without spaces ("弹出了“Python已停止工作”的窗口").
  // (A span may open with a space before a capital: "` CUDA error 2 at ...`"; the words between two spans do not.)
  /`(?:[^`\s]| [A-Z])[^`\s]{0,150} [^`]{2,150}`/,
  // (A quote opens after a space, a bracket or a colon: the words between two quoted names are no quote.)
  /(?:^|[\s(:])" ?[^"\s]{1,150} [^"]{2,150}"/,
  /“[^”]{6,300}”/,
  /(?:^|[^\w])'[^'\s]{1,150} [^']{4,150}'/,
  /["'“`]killed["'”`]|\bKilled\b|\bPBS: job killed:/,
  /\(?core[ -]{1,3}dump|核心已转储|\(interrupted by signal|\bSIG[A-Z]{3,5}\b/,
  /\bexit(?:s with return code| status| code):? ?=? ?-?\d|\bexitcode[:=] ?-?\d|\bexited with (?:exit )?code:? ?-?\d/,
  // A GPU runtime's error name ("I just get `hipErrorOutOfMemory`").
  /\b(?:hipError|cudaError)[A-Z][a-z]\w{2,40}|\b(?:CUDA_ERROR|CUDNN_STATUS|CUBLAS_STATUS|NCCL_ERROR)_[A-Z_]{3,40}/,
  // A crash's own words glued into a Chinese or Japanese sentence ("页面打印Segmentation fault。").
  /[\u3040-\u30ff\u4e00-\u9fff](?:Segmentation fault|Illegal instruction|Bus error|Floating point exception|Killed|Aborted)/,
  /\b0x[0-9a-fA-F]{6,}/,
  // A size as allocators print it ("Cannot allocate 541.500244MB memory", "Tried to allocate 20.00 MiB").
  /\b\d+\.\d{2,} ?[KMGT]i?B\b/,
  /\b[A-Z]\w*(?:Error|Exception|Fault):/,
  /\b[A-Z]{2}\w{0,20} [Ee]rror(?: \d+)?: \w/,
  /[：:，] {0,3}[A-Z][\w ]{6}/,
  // English glued into a Chinese or Japanese sentence ("运行任何代码都出现Not enough available NPU memory错误").
  /[\u3040-\u30ff\u4e00-\u9fff][A-Z][a-z]+(?: [\w.]+){3}/,
  /\bcudaSuccess\b|\bHSA_STATUS_\w|\bMemory access fault by GPU\b|\bYour session crashed\b/,
];

function quotesProgramText(line: string): boolean {
  return PROGRAM_TEXT_IN_ACCOUNT.some((re) => re.test(line));
}

/**
 * The writer naming the error they get and quoting its text, in their own language: "выдает
 * ошибку "text detection failed"" (it gives the error ...), "erhalte ich ... die Fehlermeldung
 * "[Errno 2] No such file or directory"", "it gives the error "A task was canceled"". The word for
 * an error, at most one word and a colon, then a quote of two words or more; the sentence neither
 * hedges nor explains (the English words of talk), and is no question of what an error means.
 */
function namesQuotedError(line: string): boolean {
  const m = ERROR_THEN_QUOTE.exec(line);
  if (!m) return false;
  const open = m.index + m[0].length;
  const close = line.indexOf(CLOSING[line[open - 1]!] ?? '"', open);
  if (close < 0) return false;
  const quote = line.slice(open, close).trim();
  if (quote.length < 8 || !quote.includes(' ')) return false;
  const sentence = sentencesOf(line).find((s) => s.includes(quote)) ?? line;
  const words = sentence.replace(quote, '');
  // "Даже не появляется ошибки вроде "Failed to capture screen"?" asks whether it shows at all.
  if (isQuestion(sentence) && !hasFirstPerson(words)) return false;
  return !SENTENCE_TALK.test(words);
}

/** The word for an error in the languages writers here use, then at most one word, a colon, an opening quote. */
const ERROR_THEN_QUOTE =
  /(?:\b(?:[Ee]rror(?: message)?|[Ff]ehler(?:meldung)?|[Ee]rro|[Ee]rreur|[Hh]ata|[Ee]rrore)|[Оо]шибк[аиуе]|[Bb]łąd|lỗi|에러|오류|错误|报错|エラー)(?: [^\s"“«„`]{2,15})?:? {0,3}["“«„`]/;
const CLOSING: Readonly<Record<string, string>> = { '"': '"', '“': '”', '«': '»', '„': '“', '`': '`' };
/** Lines that may quote an error the writer got: not code, a diff, a table, a heading or an explaining sentence. */
const QUOTE_READERS: ReadonlySet<LineKind> = new Set(['output', 'prose', 'account']);
const SENTENCE_TALK =
  /\b(?:usually|typically|might|maybe|probably|perhaps|should|would|could|indicates?|means|meaning|because|if|when|avoid|fix(?:ed|es)?|seems?|think|guess|you)\b/i;

/**
 * The line with each command line in code marks ("`wsl.exe --shutdown`", "`nvidia-smi mig -lci`":
 * a program's name, then an option) put as one word: a command the writer ran or advises is no
 * quote of what a program printed.
 */
function commandsAsWords(line: string): string {
  if (!line.includes('`')) return line;
  return line.replace(CODE_SPAN, (span, inner: string) => (isCommandLine(inner) ? '`command`' : span));
}

const CODE_SPAN = /`([^`\n]{1,300})`/g;

function isCommandLine(code: string): boolean {
  const words = tokens(code.trim());
  return (
    words.length >= 2 &&
    PROGRAM_NAME.test(words[0]!) &&
    (words.slice(1).some((w) => OPTION.test(w)) || COMMON_CLIS.has(words[0]!))
  );
}

/** Tools whose commands need no option to be commands ("`kubectl describe node`", "`docker ps`", "`pip list`"). */
const COMMON_CLIS: ReadonlySet<string> = new Set([
  'kubectl',
  'docker',
  'podman',
  'helm',
  'git',
  'pip',
  'pip3',
  'conda',
  'apt',
  'apt-get',
  'brew',
  'systemctl',
  'journalctl',
  'nvidia-smi',
  'sudo',
]);

const PROGRAM_NAME = /^[a-z][\w./\\-]{0,80}$/;
const OPTION = /^--?[A-Za-z]/;

export interface Layout {
  /** kinds[i] is line i + 1's kind. */
  kinds: LineKind[];
  /**
   * An article or guide rather than a report: more sentences than output lines, nobody
   * saying "I" or "my" outside a question, and headings or a reader addressed as "you"
   * with an error explained. Its quoted errors are examples.
   */
  document: boolean;
  /** A change's description (a pull request, a patch note): its quoted errors are what it handles. */
  change: boolean;
  /** An answer about the reader's paste ("your log shows ..."): the errors it quotes are the reader's. */
  answer: boolean;
  /** A bug report's template: a heading names a part of one ("### 🐛 Describe the bug", "## Logs"). */
  template: boolean;
  /**
   * Lines (numbered from 1) that a line above announced as a paste ("getting this error;"):
   * the program's words, though they may read like talk ("If using a binary install,
   * upgrade your CuDNN library").
   */
  announced: ReadonlySet<number>;
  /**
   * The writer's own paste, whatever it is: the lines the writer announced saying "I" ("I
   * get this error:", also past blank lines), and a message's opening output block when the
   * writer speaks as "I" after it (openingPaste).
   */
  ownPastes: ReadonlySet<number>;
  /**
   * Lines (numbered from 1) a line above, said by nobody in person, introduced as an example
   * ("Example output:", "示例输出："), up to the end of its block: what a program prints, not
   * what the writer got.
   */
  examples: ReadonlySet<number>;
  /** Lines (numbered from 1) of the writer's account of their crash that quote what the program printed. */
  accountText: ReadonlySet<number>;
  /** Nothing but output: the message is a paste with no word of the writer's ("RuntimeError: ..." alone). */
  pasteOnly: boolean;
  /**
   * Lines (numbered from 1) quoted from someone else's message in a reply that asks or
   * addresses its reader and says nothing of the writer's own run ("> RuntimeError: CUDA
   * failed with error out of memory" over "Which of the models are you running?"): the
   * crash quoted there is the other person's, answered, not reported.
   */
  repliedTo: ReadonlySet<number>;
}

/**
 * A heading: two to seven words of letters and digits (a numbered item's "1." too), no
 * closing punctuation, a capital first ("Why it happens", "QUICK FIX", "1. Reduce Batch
 * Size", "Oomkilled Exit Code 137"), or a Markdown `#` line.
 */
function isHeading(raw: string): boolean {
  if (raw.trim().startsWith('#') && raw.trim().length > 1) return true;
  let trimmed = stripMarkup(raw).trim();
  const dot = trimmed.indexOf('. ');
  if (dot > 0 && dot <= 2 && isDigits(trimmed.slice(0, dot))) trimmed = trimmed.slice(dot + 2);
  if (trimmed.length === 0) return false;
  const words = tokens(trimmed);
  if (words.length < 2 || words.length > 7) return false;
  const first = trimmed[0]!;
  if (first === first.toLowerCase()) return false;
  for (const w of words) {
    for (const c of w) if (c.toLowerCase() === c.toUpperCase() && !(c >= '0' && c <= '9')) return false;
  }
  return words.some((w) => isWordToken(w));
}

/**
 * A title: every word of four letters or more capitalised and one of them in Title case
 * ("CUDA Out of Memory", "Why It Happens"); not "Segmentation fault", not "GPU is NOT AVAILABLE".
 */
function isTitleCase(line: string): boolean {
  const long = tokens(stripMarkup(line)).filter((w) => w.length >= 4);
  const capital = (c: string) => c !== c.toLowerCase();
  const lower = (c: string) => c !== c.toUpperCase();
  return (
    long.every((w) => capital(w[0]!)) && long.some((w) => capital(w[0]!) && [...w.slice(1)].every(lower))
  );
}

/**
 * A documentation page's heading as it comes when copied, with the page's anchor mark after
 * it ("NCCL Errors#", "What is an NCCL Watchdog Timeout?#", "Troubleshooting¶"): up to ten
 * words that end in a letter or a question mark, then the mark.
 */
function isAnchoredHeading(line: string): boolean {
  const t = line.trim();
  const mark = t.at(-1);
  if (mark !== '#' && mark !== '¶') return false;
  const body = t.slice(0, -1).trimEnd();
  const last = body.at(-1);
  if (last === undefined || !(last === '?' || isLetterChar(last))) return false;
  const words = tokens(body);
  return words.length >= 1 && words.length <= 10 && words.some((w) => isWordToken(w));
}

/**
 * A page's or a post's title with a subtitle, too long for a heading: Title Case, up to
 * sixteen words, ending in a word, and no "Label: value" a program prints ("Kubernetes Exit
 * Code 137: Resolving OOMKilled Pod Eviction and Memory Limit Errors"; not "Exit Code: 137",
 * "Problem Event Name: APPCRASH").
 */
function isTitleLine(line: string): boolean {
  const body = stripMarkup(line).trim();
  const words = tokens(body);
  if (words.length < 6 || words.length > 16 || !isLetterChar(body.at(-1) ?? '')) return false;
  if (body.includes('. ')) return false;
  const colon = body.indexOf(': ');
  if (colon >= 0) {
    const after = tokens(body.slice(colon + 2));
    if (after.length < 3 || !isLetterChar(after[0]![0] ?? '')) return false;
  }
  // Numbers ("137:") and short words ("and", "of") are not capitalised in a title either.
  const long = words.filter((w) => w.length >= 4 && isLetterChar(w[0]!));
  const capital = (w: string) => w[0] !== w[0]!.toLowerCase();
  return long.length >= 4 && long.every(capital) && isTitleCase(long.join(' '));
}

/** A bare exception class name on its own line (`torch.cuda.OutOfMemoryError`): a name, not a raised error. */
function isBareName(text: string): boolean {
  const body = stripMarkup(text).trimEnd();
  if (body.length === 0 || body.includes(' ')) return false;
  if (!(body.endsWith('Error') || body.endsWith('Exception'))) return false;
  for (const c of body) {
    if (!(c === '.' || c === '_' || (c >= '0' && c <= '9') || c.toLowerCase() !== c.toUpperCase()))
      return false;
  }
  return true;
}

/** A line that opens a unified diff or a diff block. */
function opensDiff(line: string): boolean {
  const t = line.trim();
  return (
    t.startsWith('diff --git ') ||
    t.startsWith('@@ -') ||
    t.startsWith('+++ ') ||
    t.endsWith('```diff') ||
    t.endsWith('```patch')
  );
}

export function readLayout(lines: readonly string[], startsLikeOutput: (t: string) => boolean): Layout {
  const writer = readWriter(lines);
  // Each line is asked several times whether it is a sentence and whether it says "I": told once.
  const sentence = remembered((line: string) => isSentence(line, startsLikeOutput));
  const firstPersonIn = remembered(hasFirstPerson);
  // Nobody says "I" or "my" anywhere: a guide's or an answer's voice.
  const nobody = !lines.some(firstPersonIn);
  let paragraphs = 0;
  for (const line of lines) if (sentence(line)) paragraphs++;
  const kinds: LineKind[] = [];
  // A hunk's lines without its header, as a review comment quotes them: every line added or removed.
  const filled = lines.filter((l) => l.trim() !== '');
  let inDiff = filled.length >= 3 && filled.every((l) => l.startsWith('+') || l.startsWith('-'));
  let inFence = false;
  let sawTraceback = false;
  let firstPerson = false;
  let reader = false;
  let headings = 0;
  let reportHeadings = 0;
  let guideHeadings = 0;
  let sentences = 0;
  let outputs = 0;
  let lastIndent = 0;
  let lastLength = -1;
  const width = wrapWidth(lines);
  let inTable = false;
  // Lines that are headings, whatever their kind: no example of a guide's.
  const headingAt = new Set<number>();
  let at = -1;
  const nextLine = () => {
    const next = lines[at + 1] ?? '';
    return next.endsWith('\r') ? next.slice(0, -1) : next;
  };
  for (const raw of lines) {
    at++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const fence = isFence(line);
    // A Markdown table runs from its header row over its rule to its last row.
    inTable = inTable && isTableRow(line);
    if (opensDiff(line)) inDiff = true;
    else if (inDiff && fence) inDiff = false;
    else if (fence) inFence = !inFence && !closesOnItsLine(line);
    if (line.trim().length === 0) {
      kinds.push('blank');
      continue;
    }
    if (stripMarkup(line).startsWith('Traceback (most recent call last)')) sawTraceback = true;
    const question = line.trimEnd().endsWith('?');
    if (!firstPerson && !question && firstPersonIn(line)) firstPerson = true;
    if (!reader && addressesReader(line)) reader = true;
    const kind = lineKind(line);
    if (kind === 'table') inTable = true;
    if (kind === 'heading' || (kind === 'output' && isHeading(line))) {
      headings++;
      headingAt.add(kinds.length);
      if ((kind === 'heading' || line.trimStart().startsWith('#')) && namesReportPart(line)) reportHeadings++;
      else if (namesGuidePart(line)) guideHeadings++;
    } else if (kind === 'sentence' || kind === 'prose' || kind === 'account') sentences++;
    else if (kind === 'output') outputs++;
    kinds.push(kind);
    lastIndent = indentOf(line);
    lastLength = line.length;
  }
  pastedBlocks(kinds, lines);
  sourceComments(lines, kinds);
  const { announced, own: ownPastes } = announcedPastes(lines, kinds, firstPersonIn);
  openingPaste(lines, kinds, firstPersonIn, ownPastes);
  toldBelowInCjk(lines, kinds, ownPastes);
  const examples = examplesShown(lines, kinds, firstPersonIn);
  const explained = kinds.includes('sentence');
  // A guide shows its examples in a few short blocks between its headings and sentences.
  // An issue template's headings ("## Description", "### To Reproduce") make it a report.
  const guide = headings >= 2 && explained && sentences + headings >= outputBlocks(kinds, headingAt);
  // An answer opens by explaining the reader's error to them ("Your timeout still fires
  // because you changed the wrong knob ...").
  const first = kinds.findIndex((k) => k !== 'blank');
  const answers = first >= 0 && kinds[first] === 'sentence' && addressesReader(lines[first]!);
  const document =
    !firstPerson &&
    reportHeadings === 0 &&
    (guide ||
      answers ||
      (guideHeadings > 0 && sentences > 0) ||
      namesItself(lines) ||
      (sentences > outputs && (headings >= 2 || (reader && explained))));
  return {
    repliedTo: repliedTo(lines, kinds, firstPersonIn),
    kinds,
    document,
    change: writer.change,
    answer: writer.answer,
    template: reportHeadings > 0,
    announced,
    ownPastes,
    examples,
    accountText: new Set(
      kinds.flatMap((k, i) =>
        (k === 'account' && quotesProgramText(commandsAsWords(lines[i]!))) ||
        (k === 'output' && tellsGluedError(lines[i]!)) ||
        (writer.present && !writer.settled && QUOTE_READERS.has(k) && namesQuotedError(lines[i]!))
          ? [i + 1]
          : [],
      ),
    ),
    // (A line of Chinese, Japanese or Korean words alone, even inside the fence, is the writer's:
    // "磁盘空间不足......." under an OSError tells what it means.)
    pasteOnly:
      kinds.includes('output') &&
      kinds.every((k) => k === 'output' || k === 'blank') &&
      !lines.some((l) => hasCjk(l) && !/[A-Za-z]/.test(l)) &&
      !explainedBelow(lines, startsLikeOutput),
  };

  function lineKind(line: string): LineKind {
    const previous = kinds.at(-1);
    // An indented line right under output goes on with it (a warning's second line).
    // So does a line under output that the terminal cut at its width (the one before it fills
    // the width), however wordy the program's message is there.
    // A line the writer wrote about their own crash is theirs, even indented under output
    // (" 当加载模型后开始训练时，就崩溃了，日志如下。", under the command they ran).
    const continues =
      previous === 'output' &&
      ((indentOf(line) > 0 && indentOf(line) >= lastIndent) || (width > 0 && lastLength === width)) &&
      !((hasCjk(line) || firstPersonIn(line)) && isAccount(line, writer));
    if (inDiff && (line.startsWith('+') || line.startsWith('-'))) return 'diff';
    if (isHandler(line) || isQuotedCall(line)) return 'code';
    if (labelsGluedPaste(line)) return 'output';
    if (inTable || (isTableRow(line) && isTableRule(nextLine()))) return 'table';
    if (!sawTraceback && isBareName(line)) return 'name';
    // What sits inside a fenced block was pasted there, however wordy.
    if (inFence && !isFence(line)) return 'output';
    if (continues) return 'output';
    // Only a sentence explains an error (explainsError asks the same first).
    if (sentence(line) && explainsError(line, startsLikeOutput)) return 'sentence';
    // A short line that names a quoted error for someone ("Here you have `RuntimeError: ...` error.").
    if (nobody && !sentence(line) && NAMES_THE_ERROR.test(line) && quotesOutput(line, startsLikeOutput))
      return 'prose';
    // A title ("CUDA Out of Memory") is writing; a program's shout ("GPU is NOT
    // AVAILABLE") or "Segmentation fault" is output, though it also looks like a heading,
    // and so is a short account ("I get the error killed"), told before the shout.
    const heading = isHeading(line);
    if (
      (heading && isTitleCase(line)) ||
      isAnchoredHeading(line) ||
      (isTitleLine(line) && !opensLikeOutput(stripMarkup(line), startsLikeOutput))
    )
      return 'heading';
    if (
      !sentence(line) &&
      (!startsLikeOutput(stripMarkup(line)) || isWordyLine(line)) &&
      isAccount(line, writer)
    )
      return 'account';
    if (heading) return 'output';
    // A sentence is someone's prose in a message a person wrote (an "I", a question, or
    // several paragraphs of sentences); alone, it may be a program's own message pasted
    // ("Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.1.0. ...").
    if (sentence(line)) {
      if (isAccount(line, writer)) return 'account';
      // A quoted error told to a reader by nobody in person ('The "RuntimeError: CUDA out of
      // memory" error stops your PyTorch training dead in its tracks') is a guide's example.
      // So is one that names the error for someone ("@andysingal This is 'CUDA out of memory' error.").
      if (quotesOutput(line, startsLikeOutput))
        return nobody && (tellsTheReader(line) || NAMES_THE_ERROR.test(line)) ? 'sentence' : 'output';
      // A line that is one inline code span from end to end is quoted as it was printed.
      if (isInlineCodeLine(line)) return 'output';
      if (writer.human || paragraphs >= 2) return 'prose';
      // Alone, it is a program's message unless it speaks like a person ("that's the OOM
      // killer", "exit code 137 usually means ...") and holds nothing a program prints.
      return speaksLikeAPerson(line) && !speaksLikeAProgram(line) ? 'prose' : 'output';
    }
    // A remark too short or too full of numbers for a sentence is still someone speaking
    // when it talks like a person ("that's the OOM killer, exit code 137 = 128+9").
    const body = stripMarkup(line);
    if (
      !opensLikeOutput(body, startsLikeOutput) &&
      tokens(body).length >= 4 &&
      speaksLikeAPerson(body) &&
      !speaksLikeAProgram(body)
    )
      return 'prose';
    return 'output';
  }
}

/**
 * Under the first line that opens like output, a sentence of its own that does not: read as
 * output only for want of a writer, it explains what is above ("This operator has no MPS kernel
 * yet; setting ... runs it on the CPU."). A clause that goes on with the writer's sentence
 * ("when trying to run the script in FP32 mode.") opens in lower case.
 */
function explainedBelow(lines: readonly string[], startsLikeOutput: (t: string) => boolean): boolean {
  const opens = (l: string) => startsLikeOutput(stripMarkup(l).trimStart());
  const first = lines.findIndex(opens);
  if (first < 0) return false;
  return lines.slice(first + 1).some((l) => {
    const body = stripMarkup(l).trimStart();
    const c = body.charCodeAt(0);
    return c >= 65 && c <= 90 && isSentence(body, startsLikeOutput) && !opens(body);
  });
}

/**
 * A line that is one inline code span holding a call (`run_python("import torch; assert
 * torch.cuda.is_available(), 'Torch is not able to use GPU ...'")`): source code to write,
 * whatever error text its strings hold.
 */
function isQuotedCall(line: string): boolean {
  return isInlineCodeLine(line) && QUOTED_CALL.test(line.trim());
}

// Not a call whose parenthesis an exception follows: a traceback's source line with the
// exception glued on where a newline was lost ("`Variable._execution_engine.run_backward(RuntimeError: CUDA out of memory. ...)`").
const QUOTED_CALL = /^`[A-Za-z_][\w.]{0,60}\((?![A-Z]\w{0,40}(?:Error|Exception): ).{0,2000}\)`$/;

/** A line that is one inline code span and nothing else ("`Expected object of backend CPU but got backend CUDA`"). */
function isInlineCodeLine(line: string): boolean {
  const t = line.trim();
  return (
    t.length > 2 && t[0] === '`' && t[1] !== '`' && t.at(-1) === '`' && t.indexOf('`', 1) === t.length - 1
  );
}

/**
 * A few Chinese, Japanese or Korean words that label the exception glued after them
 * ("报错ValueError: No available memory ...", "运行时报错：RuntimeError: ..."): the writer's
 * label over a paste, not a sentence that explains the error (no "建议", "可能" there).
 */
function labelsGluedPaste(line: string): boolean {
  const at = exceptionAfterCjk(line);
  if (at <= 0) return false;
  const label = line.slice(0, at);
  // A longer sentence hands over to the exception with a verb of showing ("运行server.py提示ValueError: ...").
  if (at > GLUED_LABEL && !SHOWN_BY.some((v) => withoutColon(label).endsWith(v))) return false;
  return !CJK_TALK.some((w) => label.includes(w));
}

/**
 * A glued paste whose line also says the error occurred, in the writer's language: "코드에서
 * TypeError: not a string 에러가 발생합니다." (in the code, the error TypeError: ... occurs), or
 * a label that hands over with a verb of showing ("运行server.py提示ValueError: ..."): the
 * writer telling of the exception they got, quoting it.
 */
function tellsGluedError(line: string): boolean {
  if (!labelsGluedPaste(line)) return false;
  const label = withoutColon(line.slice(0, exceptionAfterCjk(line)));
  return saysErrorOccurs(line) || SHOWN_BY.some((v) => label.endsWith(v));
}

/** The label without the spaces and colons before the exception. */
function withoutColon(label: string): string {
  let end = label.length;
  while (end > 0 && ' \t：:↓'.includes(label[end - 1]!)) end--;
  return label.slice(0, end);
}

/** Verbs that hand a Chinese sentence over to the program's words: "prompted", "reported", "showed", "appeared". */
const SHOWN_BY: readonly string[] = ['提示', '报错', '显示', '出现', '出现了', '报了', '弹出', '输出'];

/** The longest label over a glued exception, in UTF-16 units. */
const GLUED_LABEL = 16;

/**
 * A line of source code that handles an error rather than shows one: Python's `except
 * torch.cuda.OutOfMemoryError:`, a `} catch (OutOfMemoryError e) {` of the C family.
 */
function isHandler(line: string): boolean {
  const t = line.trim();
  if (t.startsWith('except') && t.endsWith(':')) return t === 'except:' || t[6] === ' ' || t[6] === '(';
  const c = t.startsWith('} ') ? t.slice(2) : t;
  return c.startsWith('catch (') && (c.endsWith('{') || c.endsWith(')'));
}

/** A row of a Markdown table: `| a | b |`. */
function isTableRow(line: string): boolean {
  const t = line.trim();
  return t.length > 2 && t.startsWith('|') && t.endsWith('|');
}

/** A Markdown table's rule under its header (`|---|:---:|`): only bars, dashes, colons and spaces, a dash in each cell. */
function isTableRule(line: string): boolean {
  const t = line.trim();
  if (!isTableRow(t)) return false;
  const cells = t.slice(1, -1).split('|');
  return cells.every((c) => {
    const cell = c.trim();
    return cell.length >= 3 && [...cell].every((ch) => ch === '-' || ch === ':') && cell.includes('---');
  });
}

/**
 * A message that is nothing but source code (a script shared, not a crash pasted): its
 * comments are the author's notes, and an error quoted there ('# RuntimeError: CUDA out of
 * memory. Tried to allocate ...') was once seen, not just hit. Only a message with three
 * statements or more, and no line of writing or output outside comments, counts.
 */
function sourceComments(lines: readonly string[], kinds: LineKind[]): void {
  let statements = 0;
  const comments: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t.length === 0 || isFence(t)) continue;
    if (t.startsWith('#') || t.startsWith('//')) comments.push(i);
    else if (kinds[i] === 'code' || isStatement(t)) statements++;
    else return;
  }
  if (statements < 3) return;
  for (const i of comments) kinds[i] = 'code';
}

/**
 * A statement of Python or a C-family language, read from its shape: a keyword that opens
 * one (`import torch`, `def f(`, `return x`), an assignment (`x = f(y)`), a call
 * (`torch.cuda.empty_cache()`), or a closing bracket.
 */
function isStatement(t: string): boolean {
  const first = t.split(/[\s(:]/, 1)[0]!;
  if (STATEMENT_KEYWORDS.has(first)) return true;
  if (t.startsWith('@') || t === '}' || t === ')' || t === ']' || t === '});') return true;
  let i = 0;
  while (i < t.length && (isNameChar(t[i]!) || t[i] === '.' || t[i] === '[' || t[i] === ']')) i++;
  if (i === 0) return false;
  const rest = t.slice(i).trimStart();
  // `x = ...`, `x += ...` (not `==`), or a call that closes on its line: `f(a, b)`, `f(`.
  if (assigns(rest)) return true;
  return rest.startsWith('(') && (t.endsWith(')') || t.endsWith('(') || t.endsWith(');') || t.endsWith(','));
}

/** What follows a name in an assignment: `= 1`, `+= 1`, `: int = 1`; not a comparison (`==`). */
function assigns(rest: string): boolean {
  const op = '-+*/%|&'.includes(rest[0] ?? '') && rest[1] === '=' ? 1 : 0;
  if (rest[op] === '=') return rest[op + 1] !== '=';
  if (rest[0] !== ':') return false;
  const eq = rest.indexOf('=');
  return eq > 1 && rest[eq + 1] !== '=' && /^:\s*\w+\s*$/.test(rest.slice(0, eq));
}

function isNameChar(c: string): boolean {
  return c === '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

const STATEMENT_KEYWORDS = new Set([
  'import',
  'from',
  'def',
  'class',
  'return',
  'try',
  'except',
  'finally',
  'with',
  'for',
  'while',
  'if',
  'elif',
  'else',
  'raise',
  'pass',
  'yield',
  'async',
  'await',
  'const',
  'let',
  'var',
  'function',
  'catch',
  'throw',
  'print',
  // The shell's.
  'echo',
  'printf',
  'then',
  'fi',
  'do',
  'done',
  'esac',
  'export',
  'local',
]);

/**
 * A line of eight words or more, nine in ten of them words, with no colon: writing, even
 * when it opens with an error's word ("Killed error is occurred on laptop notebooks to be
 * the cause of out of memory"). Programs' lines that open so are short ("Killed",
 * "Segmentation fault (core dumped)") or carry a label ("Killed process 1234 (python)
 * total-vm:...").
 */
function isWordyLine(line: string): boolean {
  const body = stripMarkup(line);
  if (body.includes(':')) return false;
  const words = tokens(body);
  return words.length >= 8 && words.filter(isWordToken).length * 10 >= words.length * 9;
}

/** A test on a line whose answer is kept for the line's text. */
function remembered(test: (line: string) => boolean): (line: string) => boolean {
  const known = new Map<string, boolean>();
  return (line) => {
    let answer = known.get(line);
    if (answer === undefined) {
      answer = test(line);
      known.set(line, answer);
    }
    return answer;
  };
}

/**
 * The width a terminal cut the paste's lines at: a length of 60 characters or more that
 * three lines or more have exactly (0 when none has). A person's lines are not that even.
 */
function wrapWidth(lines: readonly string[]): number {
  const counts = new Map<number, number>();
  let best = 0;
  let most = 0;
  for (const raw of lines) {
    const length = raw.endsWith('\r') ? raw.length - 1 : raw.length;
    if (length < 60) continue;
    const n = (counts.get(length) ?? 0) + 1;
    counts.set(length, n);
    if (n > most) {
      most = n;
      best = length;
    }
  }
  return most >= 3 ? best : 0;
}

/**
 * Lines run together with output, no blank line between, were pasted with it: a program's
 * own wordy lines ("A module that was compiled using NumPy 1.x cannot be run in") are output
 * there. Only plain prose is taken in; explaining sentences and accounts stay as they are.
 */
function pastedBlocks(kinds: LineKind[], lines: readonly string[]): void {
  let start = 0;
  while (start < kinds.length) {
    let end = start;
    while (end < kinds.length && kinds[end] !== 'blank') end++;
    const block = kinds.slice(start, end);
    if (block.includes('output')) {
      // A Markdown list item is someone's point ("- The real error often happens earlier
      // than where it's reported"), and a question someone's words ("Why are we doing exit
      // code 1.  And we can delete the unrelated comment?"), not a program's line.
      for (let i = start; i < end; i++)
        if (kinds[i] === 'prose' && !isListItem(lines[i]!) && !isQuestion(lines[i]!)) kinds[i] = 'output';
    }
    start = end + 1;
  }
}

/** "- text", "* text", "1. text", "2) text" after any indentation. */
function isListItem(line: string): boolean {
  const t = line.trimStart();
  if (t.startsWith('- ') || t.startsWith('* ') || t.startsWith('+ ')) return true;
  let i = 0;
  while (i < t.length && t[i]! >= '0' && t[i]! <= '9') i++;
  return i > 0 && i <= 2 && (t[i] === '.' || t[i] === ')') && t[i + 1] === ' ';
}

/**
 * A line that announces a paste hands over to it: the lines under it, up to a blank line,
 * are the program's words however wordy ("Loaded runtime CuDNN library: 9.0.0 but source
 * was compiled with: 9.3.0.  CuDNN library needs to have matching major version ..."). A
 * line there that says "I" or asks is the writer again.
 *   - A line that ends with a colon or a semicolon after naming what comes ("getting this
 *     error;", "The error message is as follows:") hands over the lines right under it.
 *     When it tells of the writer's own getting of it ("I get", "gives me"), a line there
 *     that explains itself is the program's too ("... PyTorch no longer supports this GPU
 *     because it is too old").
 *   - The writer telling of getting "this message" or "the following error" in a sentence
 *     ("I get this message, which I believe is because ...") hands over the next lines of
 *     plain prose, past one blank line.
 *   - A line that says "I" and ends with a colon ("When I run it, I get this error:") hands
 *     over its paste past blank lines too: the writer's own paste (`own`).
 * A line spoken to a reader ("you may see this error:") hands over nothing.
 */
function announcedPastes(
  lines: readonly string[],
  kinds: LineKind[],
  firstPersonIn: (line: string) => boolean,
): { announced: Set<number>; own: Set<number> } {
  const announced = new Set<number>();
  const own = new Set<number>();
  // A write-up of a problem already solved ("……问题解决") pastes what it got, for readers.
  const solvedInCjk = lines.some((l) => CJK_SOLVED.some((w) => l.includes(w)));
  for (let i = 0; i + 1 < lines.length; i++) {
    const firstPerson = firstPersonIn(lines[i]!);
    const announcer = announces(lines[i]!, firstPerson);
    if (!announcer) continue;
    // "I keep getting this error. Not sure what it means." over the paste: told in the first
    // person, it is the writer's own too.
    const writers =
      announcer === 'told' ||
      ((firstPerson || (announcesInCjk(lines[i]!) && !solvedInCjk)) && announcer === 'got');
    let j = i + 1;
    if (announcer === 'told' || writers) while (j < lines.length && kinds[j] === 'blank') j++;
    for (; j < lines.length && kinds[j] !== 'blank'; j++) {
      const line = lines[j]!;
      if (firstPersonIn(line) || line.trimEnd().endsWith('?')) break;
      const kind = kinds[j];
      if (kind === 'prose' || (kind === 'sentence' && announcer === 'got')) kinds[j] = 'output';
      else if (kind !== 'output') break;
      announced.add(j + 1);
      if (writers) own.add(j + 1);
    }
  }
  return { announced, own };
}

/**
 * A message that opens with output, then the writer's own words saying "I" ("NotImplementedError:
 * The operator ... is not currently implemented for the MPS device." then "Even though I am using
 * the suggested workaround ..."): the opening block is the writer's paste.
 */
function openingPaste(
  lines: readonly string[],
  kinds: readonly LineKind[],
  firstPersonIn: (line: string) => boolean,
  own: Set<number>,
): void {
  const first = kinds.findIndex((k) => k !== 'blank');
  if (first < 0 || kinds[first] !== 'output') return;
  let end = first;
  while (end < kinds.length && kinds[end] === 'output') end++;
  const speaks = kinds.some(
    (k, j) => j >= end && (k === 'prose' || k === 'account') && firstPersonIn(lines[j]!),
  );
  if (!speaks) return;
  for (let j = first; j < end; j++) own.add(j + 1);
}

/**
 * Output right above a line in Korean, Chinese or Japanese that says the error occurred,
 * as its writers tell it after the paste ("ModuleNotFoundError: No module named ..." over
 * "같은 오류가 발생해서 해결하는데 고생 하고 있네요": such an error occurred, and I am
 * struggling): the writer's own paste, up to the blank line above it.
 */
function toldBelowInCjk(lines: readonly string[], kinds: readonly LineKind[], own: Set<number>): void {
  for (let i = 1; i < lines.length; i++) {
    if (kinds[i - 1] !== 'output') continue;
    // The line speaks of the error above it, naming none of its own (the layout may read a
    // line of Korean words as output too).
    const line = lines[i]!;
    if (!saysErrorOccurs(line) || /[A-Za-z]/.test(line) || CJK_TALK.some((w) => line.includes(w))) continue;
    for (let j = i - 1; j >= 0 && kinds[j] === 'output'; j--) own.add(j + 1);
  }
}

/**
 * The lines under a short line that introduces an example ("Example output:", "For example,
 * the pod's status:", "示例输出："), said by nobody in person and ending with a colon: up to the
 * first blank line, or through a fenced block that opens right under it.
 */
function examplesShown(
  lines: readonly string[],
  kinds: readonly LineKind[],
  firstPersonIn: (line: string) => boolean,
): Set<number> {
  const examples = new Set<number>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const whole = stripMarkup(lines[i]!).trimEnd();
    if (whole === '') continue;
    // The block may stand a blank line below; a paragraph's last sentence may introduce it
    // ("For example, using `bfloat16` types can produce the following error message." over a fence).
    let j = i + 1;
    while (j + 1 < lines.length && lines[j]!.trim() === '') j++;
    const line = isFence(lines[j]!) ? lastSentence(whole) : whole;
    const last = line.at(-1);
    if (
      !(last === ':' || last === '：' || (last === '.' && isFence(lines[j]!))) ||
      line.length > EXAMPLE_LINE ||
      firstPersonIn(line) ||
      !(namesExample(line) || (last !== '.' && showsTheReader(line))) ||
      saidAbove(lines, i, firstPersonIn)
    )
      continue;
    if (isFence(lines[j]!)) {
      examples.add(j + 1);
      for (j++; j < lines.length && !isFence(lines[j]!); j++) examples.add(j + 1);
      if (j < lines.length) examples.add(j + 1);
    } else for (; j < lines.length && kinds[j] !== 'blank'; j++) examples.add(j + 1);
    i = j;
  }
  return examples;
}

/**
 * The writer spoke as "I" in the lines just above (the paragraph before, past one blank line):
 * "Recently, we've seen this error for some jobs ..., but I now think ..." over "Example error
 * message:" shows one of their own.
 */
function saidAbove(lines: readonly string[], i: number, firstPersonIn: (line: string) => boolean): boolean {
  let j = i - 1;
  if (j >= 0 && lines[j]!.trim() === '') j--;
  for (; j >= 0 && lines[j]!.trim() !== ''; j--) if (firstPersonIn(lines[j]!)) return true;
  return false;
}

/** The sentence a line ends with. */
function lastSentence(line: string): string {
  const at = Math.max(line.lastIndexOf('. ', line.length - 2), line.lastIndexOf('? ', line.length - 2));
  return at < 0 ? line : line.slice(at + 2);
}

/** "you are likely to see Xid Errors like:": a guide showing its reader what they will see. */
function showsTheReader(line: string): boolean {
  return / like:$/.test(line) && /\b[Yy]ou(?:r)?\b/.test(line);
}

function namesExample(line: string): boolean {
  // A bug report's reproduction ("The Minimal Working Example (MWE) for this bug:") is the
  // writer's code, with the output they got under it.
  if (REPRODUCTION.test(line)) return false;
  if (EXAMPLE_MARKS.some((m) => line.includes(m))) return true;
  // "In the logs, the last messages will be something like:"
  if (SOMETHING_LIKE.test(line)) return true;
  return lowerWords(line).some((w) => EXAMPLE_WORDS.has(w));
}

/** A line that introduces an example is short; a program's long line that ends with a colon ("... (e.g. via dlopen). Please launch the executable with:") is not one. */
const EXAMPLE_LINE = 80;
const SOMETHING_LIKE = /\bsomething like:$/;
const REPRODUCTION =
  /\b(?:minimal|reproducible|working|runnable|self-contained|complete|code)(?: (?:working|reproducible|runnable|code|test))? examples?\b|\bexamples? (?:code|script|program|snippet)\b|\b(?:MWE|MRE|MCVE)\b/i;
const EXAMPLE_WORDS = new Set(['example', 'examples', 'e.g', 'sample', 'пример', 'например']);
/** The same in scripts without spaces between words: Chinese and Japanese. */
const EXAMPLE_MARKS = ['示例', '例如', '样例', '範例', '例えば', '出力例'];

/**
 * How a line announces a paste below it: `got` ends with a colon and tells of the writer
 * getting it, `named` ends with a colon and only names it, `told` is the writer's sentence
 * about getting "this message" (see announcedPastes).
 */
function announces(raw: string, firstPerson: boolean): 'got' | 'named' | 'told' | null {
  const line = stripMarkup(raw).trimEnd();
  const last = line.at(-1);
  if (announcesInCjk(line)) return 'got';
  const colon = last === ':' || last === ';' || last === '：' || last === '↓';
  // "Khi sử dụng thư viện underthesea, em gặp phải lỗi" (I ran into the error), over the error's line.
  if (!colon && firstPerson && ENDS_WITH_ERROR_WORD.test(line)) return 'got';
  // "On Apple M1 I get" over the exception: the writer's sentence breaks off at its verb of getting.
  if (!colon && firstPerson && ENDS_WITH_GETTING.test(line)) return 'got';
  // Most lines neither end with a colon nor say "I": they announce nothing, read no further.
  if (!colon && !firstPerson) return null;
  const words = lowerWords(line);
  if (words.some(isReaderWord) || !words.some((w) => PASTE_NOUNS.has(w))) return null;
  const getting = words.some((w) => GETTING.has(w));
  if (colon) return getting || firstPerson ? 'got' : 'named';
  const pointed = words.some(
    (w, k) =>
      POINTERS.has(w) &&
      GETTING.has(words[k - 1] ?? '') &&
      // "getting this error", or the error's kind in a few words between ("I get a module not found error at ...").
      (PASTE_NOUNS.has(words[k + 1] ?? '') ||
        ((w === 'a' || w === 'an') && words.slice(k + 2, k + 6).includes('error'))),
  );
  return firstPerson && pointed ? 'told' : null;
}

/**
 * A line that ends with the word for an error in the writer's language (a full stop or "sau",
 * "này" after it), or for an exception ("When it tries to compile the model, I get the exception").
 */
const ENDS_WITH_ERROR_WORD =
  /(?:\b(?:[Ee]rror|[Ee]xception|[Ff]ehler(?:meldung)?|[Ee]rro|[Ee]rreur|[Hh]atas?ı?|[Ee]rrore)|[Оо]шибк[аиуе]|[Bb]łąd|lỗi(?: sau| này)?)\s*[.!]?$/;

/** A line that ends with the writer's verb of getting, the paste to follow ("I get", "I'm getting", "I received"). */
const ENDS_WITH_GETTING =
  /\bI(?:'m| am| keep| still)? (?:get|got|getting|receive|received|receiving|see|saw)$/;

/** A Chinese line that ends by naming the error it hands over to, without a colon ("训练时候出现错误"): the writer's. */
function announcesInCjk(raw: string): boolean {
  const line = stripMarkup(raw).trimEnd();
  if (!hasCjk(line)) return false;
  const bare = withoutColon(line);
  // A Korean sentence closes with its full stop: "아래와 같은 에러가 발생합니다." (the error below occurs).
  const sentence = bare.endsWith('.') ? withoutColon(bare.slice(0, -1)) : bare;
  return (
    CJK_ANNOUNCERS.some((a) => bare.endsWith(a)) ||
    KO_ANNOUNCERS.some((a) => sentence.endsWith(a)) ||
    POINTS_BELOW.some((a) => line.includes(a))
  );
}

/**
 * The error named as the one below, wherever the sentence goes on: "에러가 아래와 같이 떠서
 * 질문드립니다" (the error showed up as below, so I ask), "다음과 같은 에러 메세지가
 * 발생했습니다" (the following error message occurred), "以下のエラーが出ます".
 */
const POINTS_BELOW: readonly string[] = [
  '에러가 아래와 같이',
  '오류가 아래와 같이',
  '아래와 같은 에러',
  '아래와 같은 오류',
  '다음과 같은 에러',
  '다음과 같은 오류',
  '以下のエラー',
  '下記のエラー',
];

/** How a Korean line names the error below it: "an error occurs", "an error appears", "as follows". */
const KO_ANNOUNCERS: readonly string[] = [
  '에러가 발생합니다',
  '오류가 발생합니다',
  '에러가 발생했습니다',
  '오류가 발생했습니다',
  '에러가 납니다',
  '오류가 납니다',
  '에러가 뜹니다',
  '오류가 뜹니다',
  '에러 발생',
  '오류 발생',
  '아래와 같습니다',
  '다음과 같습니다',
];

/** "the problem was solved", "already solved", "solved it". */
const CJK_SOLVED: readonly string[] = ['问题解决', '已解决', '解决了'];

/** How a Chinese line names what comes below it: "an error appeared", "reported an error", "as follows". */
const CJK_ANNOUNCERS: readonly string[] = [
  '出现错误',
  '出现报错',
  '报错',
  '报错如下',
  '错误如下',
  '日志如下',
  '如下',
];

/** Words that point at the paste: "this message", "the following error". */
const POINTERS = new Set(['this', 'these', 'following', 'the', 'an', 'a']);

/** What a writer calls the paste they announce. */
const PASTE_NOUNS = new Set([
  'error',
  'errors',
  'output',
  'log',
  'logs',
  'message',
  'messages',
  'traceback',
  'following',
  'below',
  'follows',
  'says',
  'shows',
  'reports',
]);

/** Words of getting the paste one announces ("getting this error;", "it gives me the following:"). */
export const GETTING: ReadonlySet<string> = new Set([
  'get',
  'gets',
  'got',
  'getting',
  'gives',
  'gave',
  'throws',
  'threw',
  'raises',
  'raised',
  'meet',
  'met',
  'encounter',
  'encountered',
  'hit',
  'receive',
  'received',
  'see',
  'saw',
  'shows',
  'showed',
  'shown',
  // "it returns following error", "it keeps throwing this error", "it prints this message".
  'return',
  'returns',
  'returned',
  'throw',
  'throwing',
  'give',
  'giving',
  'show',
  'showing',
  'raise',
  'raising',
  'print',
  'prints',
  'printed',
  'encountering',
  'hitting',
  'seeing',
  'receiving',
  // "it sends the error ...", "it reports this error".
  'sends',
  'sent',
  'reports',
  'reported',
]);

/**
 * Headings a troubleshooting page or a guide has and a report does not ("Common Symptoms",
 * "Root Causes", "Solutions", "How to Fix CUDA Out of Memory").
 */
function namesGuidePart(line: string): boolean {
  const words = lowerWords(line);
  if (words.length > 8) return false;
  if (words[0] === 'how' && words[1] === 'to') return true;
  return words.some((w) => GUIDE_PARTS.has(w));
}

const GUIDE_PARTS = new Set([
  'symptoms',
  'causes',
  'solutions',
  'troubleshooting',
  'workarounds',
  'prevention',
  'faq',
]);

const WORDLIKE = /[\p{L}\p{N}]/u;

function namesReportPart(line: string): boolean {
  // A template's heading is short ("### Relevant log output"); a comment in a pasted snippet
  // ("# Example kubectl describe pod output snippet") is no part of a report. Its marks ("###")
  // are no words: "### Steps to reproduce the problem" is five.
  const words = lowerWords(line).filter((w) => WORDLIKE.test(w));
  return words.length <= 5 && words.some((w) => REPORT_PARTS.has(w));
}

/** Runs of output lines, each one example or one paste; a heading ("## CUDA out of memory") is none. */
function outputBlocks(kinds: readonly LineKind[], headingAt: ReadonlySet<number>): number {
  const counted = (i: number) => kinds[i] === 'output' && !headingAt.has(i);
  let blocks = 0;
  for (let i = 0; i < kinds.length; i++) if (counted(i) && !counted(i - 1)) blocks++;
  return blocks;
}

/** A fence line of a Markdown code block (inside a quote too). */
function isFence(line: string): boolean {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t' || line[i] === '>')) i++;
  return line.startsWith('```', i);
}

/** "```text```" opens and closes on one line. */
function closesOnItsLine(line: string): boolean {
  const open = line.indexOf('```');
  return line.indexOf('```', open + 3) > open;
}

/**
 * Writing that calls itself a guide ("This comprehensive guide shows you 8 proven methods",
 * "In this article"): its quoted errors are examples.
 */
function namesItself(lines: readonly string[]): boolean {
  for (const line of lines) {
    const lower = line.toLowerCase();
    if (DOCUMENT_PHRASES.some((p) => lower.includes(p))) return true;
    const words = lowerWords(line);
    for (let i = 0; i < words.length; i++) {
      if (words[i] !== 'this') continue;
      if (DOCUMENT_NOUNS.has(words[i + 1] ?? '') || DOCUMENT_NOUNS.has(words[i + 2] ?? '')) return true;
    }
  }
  return false;
}

/**
 * The same in other languages, as whole phrases ("В этой статье мы разберём причины
 * ошибки", "本文介绍", "この記事では"): "this article", "this guide", "this post".
 */
const DOCUMENT_PHRASES: readonly string[] = [
  'этой статье',
  'этой статьи',
  'этом руководстве',
  'данной статье',
  '本文介绍',
  '本文将',
  '本文主要',
  '这篇文章',
  '本篇文章',
  'この記事では',
  'この記事は',
  '本記事では',
  '이 글에서',
  '이 글은',
  'este artículo',
  'esta guía',
  'en este post',
  'este artigo',
  'este guia',
  'neste artigo',
  'dieser artikel',
  'diesem artikel',
  'dieser anleitung',
  'cet article',
  'ce guide',
  'dans cet article',
];

const DOCUMENT_NOUNS = new Set([
  'document',
  'page',
  'guide',
  'article',
  'tutorial',
  'post',
  'handbook',
  'cheatsheet',
  'walkthrough',
]);

/** "This is '...'", "that was a `...`", "Here you have `...`": the quote named as what it is, maybe after a mention. */
const NAMES_THE_ERROR =
  /^\s*(?:@[\w.-]+[,:]? +)?(?:(?:[Tt]his|[Tt]hat|[Ii]t) (?:is|was|looks like)|(?:[Hh]ere )?[Yy]ou have) (?:an? |the )?['"`“]/;

/**
 * A statement spoken to its reader in the writer's own words ("stops your training", "shows
 * you"), not a question put to them nor the program's words ("`... You need to decrease
 * --max-batch-prefill-tokens`").
 */
function tellsTheReader(line: string): boolean {
  return addressesReader(outsideQuotes(line)) && !line.trimEnd().endsWith('?');
}

/** The line without what it quotes in backticks or double quotes. */
function outsideQuotes(line: string): string {
  let out = '';
  let quote = '';
  for (const c of line) {
    if (quote !== '') {
      if (c === quote || (quote === '“' && c === '”')) quote = '';
    } else if (c === '`' || c === '"' || c === '“') quote = c;
    else out += c;
  }
  return out;
}

/** Writing that speaks to its reader ("you", "your"): a guide or an answer. */
function addressesReader(line: string): boolean {
  return lowerWords(line).some(isReaderWord);
}

/** A chat quote's line, in bold too ("> ...", "**> ...**"). */
const CHAT_QUOTE = /^[\s*_]{0,4}(?:>|&gt;)/;

/** Layout.repliedTo: the quoted lines, when the writer's own lines ask or address the reader and hold no output and no "I". */
function repliedTo(
  lines: readonly string[],
  kinds: readonly LineKind[],
  firstPersonIn: (l: string) => boolean,
): Set<number> {
  const quoted = new Set<number>();
  let own = 0;
  let asks = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (CHAT_QUOTE.test(line)) {
      quoted.add(i + 1);
      continue;
    }
    if (kinds[i] === 'output' || firstPersonIn(line) || hasCjk(line)) return new Set();
    own++;
    if (line.trimEnd().endsWith('?') || addressesReader(line)) asks = true;
  }
  return quoted.size > 0 && own > 0 && asks ? quoted : new Set();
}
