// The words listening reads a crash account by: what a crash is called in writing, and
// the words of someone explaining, hedging, giving an opinion, asking or done with a problem.
import { FIRST_PERSON } from './words.js';

/**
 * What a process's death is called in writing (lowercase; a phrase matches on word
 * boundaries, so "killed" is not "skilled").
 */
export const CRASH_PHRASES: readonly string[] = [
  'killed',
  'segmentation fault',
  'seg fault',
  'segfault',
  'segfaults',
  'segfaulted',
  'core dumped',
  'abort trap',
  'illegal instruction',
  'illegal hardware instruction',
  'bus error',
  'out of memory',
  'out-of-memory',
  'oom-killed',
  'oomkilled',
  'crash',
  'crashes',
  'crashed',
  'crashing',
  'died',
  'dies',
  'dying',
  'stopped working',
  // Windows' "Python has stopped working" dialog as its writers retell it ("the compiler
  // always alerts that Python stop working").
  'stop working',
  'stops working',
  // Windows' "Display driver stopped responding and has recovered" notice as its writers retell it.
  'stopped responding',
  'off the bus',
  'hit oom',
  'hits oom',
  'hitting oom',
  'got oom',
  'gets oom',
  'oom killed',
  'quit unexpectedly',
  // Out of GPU or host memory told as what happened ("it reported the OOM error", "run the
  // same command, OOM occurs"); "OOM errors" in general are a topic, not one run's.
  'oom error',
  'oom occurs',
  'oom occurred',
  'oom happens',
  'oom happened',
  // GPU errors that end a run, by the names their messages give them ("I have met this bug
  // with unhandled system error in NCCL").
  'unhandled system error',
  'unhandled cuda error',
  'nccl error',
  // A GPU's memory failing ("I get an “uncorrectable ECC error encountered” after 600 iterations").
  'ecc error',
  'ecc errors',
  'illegal memory access',
  'device-side assert',
];

/** Codes that end a process, which name a crash only with a non-zero number after them ("exit code 137", "return code = -11"). */
export const CODE_PHRASES: readonly string[] = [
  'exit code',
  'exit status',
  'error code',
  'return code',
  'exitcode',
  'exited with code',
  'exits with code',
  'exit with code',
  'exited with status',
  // "my docker container seems to be exiting due to 137".
  'exiting due to',
  'exited due to',
  'exits due to',
  // Chinese: "返回码-7，但没有输出任何错误详情" (return code -7, and no error printed).
  '返回码',
  '退出码',
  '退出代码',
];

/** The same in writing without spaces (Chinese, Japanese). */
export const CJK_CRASH: readonly string[] = [
  '崩溃',
  '段错误',
  '闪退',
  '被杀',
  '挂掉',
  '死掉',
  'Killed',
  'killed',
  'kill了',
  // Out of (GPU) memory, as Chinese writers report it ("仍然会报显存不够的错", "训练报错显存不足").
  '显存不足',
  '显存不够',
  '显存溢出',
  '爆显存',
  '内存不足',
  '内存不够',
  '内存溢出',
];

/**
 * "The error occurs / occurred / appears" in Korean (the noun, then the verb in its
 * declarative forms), Chinese ("报错了", "出现了") and Japanese ("エラーが出ました"): what a
 * writer says of the error they got. A conditional ("에러가 발생하면", "如果出现") is not among them.
 */
export const CJK_ERROR_OCCURS: readonly string[] = [
  ...['에러가', '오류가', '에러', '오류', '메세지가', '메시지가'].flatMap((noun) =>
    [
      '발생합니다',
      '발생했습니다',
      '발생해서',
      '발생하는데',
      '발생하네요',
      '발생했어요',
      '발생해요',
      '발생했는데',
      '납니다',
      '났습니다',
      '나네요',
      '나요',
      '나서',
      '나는데',
      '나며',
      '발생하며',
      '뜹니다',
      '떴습니다',
      '떠요',
      '뜨네요',
      '뜨는데',
    ].map((verb) => `${noun} ${verb}`),
  ),
  '报错了',
  '时报错',
  '运行报错',
  '出现了',
  '遇到了',
  // "同样遇到 TypeError: ... 这个错误" (ran into it too), a "same here" that quotes the error.
  '同样遇到',
  '也遇到',
  '一样遇到',
  'エラーが出',
  'エラーが発生',
];

/**
 * A notebook's kernel (and its common misspelling) that dies or restarts under the writer:
 * "the kernel restarted after that", "the Kernal always die", "the kernel gets restarted".
 */
export const KERNEL_WORDS = new Set(['kernel', 'kernal', 'kernels']);
export const KERNEL_DEATH = new Set([
  'die',
  'dies',
  'died',
  'dying',
  'dead',
  'restarted',
  'restarts',
  'restarting',
]);

/**
 * A question about whether a crash was fixed or released ("There is segmentation fault fixed
 * year ago, but it's still unreleased, is there a plan to release ...?") asks about a change,
 * not for help with a crash.
 */
export const FIX_STATUS = new Set(['fixed', 'released', 'unreleased', 'release', 'merged', 'backported']);

/**
 * How a question opens when its writer asks the reader for help ("Do you know what happened
 * and how to solve it?", "Could you tell me ..."), not when a helper asks about the reader's run.
 */
export const REQUEST_OPENERS = new Set(['do', 'can', 'could', 'would', 'will']);

/** CJK words of someone explaining, guessing or advising ("一般" generally, "可能" maybe, "建议" I suggest). */
export const CJK_TALK: readonly string[] = [
  '一般',
  '通常',
  '可能',
  '因为',
  '应该',
  '建议',
  '确认',
  '试试',
  '尝试',
  '解决了',
  // Advice: "训练显存溢出可以通过调小batch size降低显存占用" (an OOM can be avoided by ...).
  '可以通过',
  // A guess put as a question: "会不会是显存不够" (could it be too little GPU memory?), or said as
  // one ("我推测是显存不足导致handle无法初始化", I guess too little GPU memory kept the handle from
  // starting).
  '会不会',
  '推测',
  '我猜',
  // A cause told ("这是由于内存溢出导致的", this was caused by running out of memory), a fix
  // that worked ("后来给了2G就好了", with 2G it was fine), an answer to someone ("但你这个明显显存不足",
  // but yours is clearly out of GPU memory).
  '这是由于',
  '就好了',
  '就可以了',
  '就行了',
  '你这个',
];

/**
 * Words of someone explaining an error or telling a fix ("because", "usually", "solved",
 * "this PR"): one of them makes a paragraph talk, unless it is in the writer's own question.
 */
export const EXPLAINING = new Set([
  'means',
  'meaning',
  'indicates',
  'because',
  'usually',
  'typically',
  'generally',
  'normally',
  'common',
  'commonly',
  'reasons',
  'supposed',
  'repro',
  'reproduce',
  'fix',
  'fixed',
  'fixes',
  'solved',
  'resolved',
  'solution',
  'workaround',
  'avoid',
  'avoided',
  'prevent',
  'prevents',
  'mitigate',
  'detect',
  'detects',
  'handle',
  'handles',
  'catch',
  'pr',
  'patch',
  'commit',
]);

/**
 * Hedges ("might", "maybe", "if", "can", "I think"): they make a paragraph talk when its
 * writer is nowhere in it ("Container processes can get killed by the kernel whenever ...");
 * a reporter hedges too ("May be this process is killed with SIGKILL", after "I ran into
 * exit code 137"), so with an "I" they take back only their own sentence.
 */
export const HEDGES = new Set([
  'may',
  'might',
  'maybe',
  'probably',
  'perhaps',
  'possibly',
  'likely',
  'believe',
  'think',
  'guess',
  'suspect',
  'if',
  'unless',
  'can',
  'would',
  'should',
  'must',
  'due',
  'caused',
  'causes',
  'seen',
]);

/** Guessing words that take back only the sentence they are in ("it looks like OOM killed it"). */
export const GUESSING = new Set(['seems', 'seem', 'looks']);

/**
 * Words that take back their sentence even with an "I" in it: an opinion or an experience
 * ("I think", "I have seen this happen when ..."), a cause told ("caused my program to be
 * killed", "due to") or advice given in the first person ("I suggest you try ... until the
 * kernel dies", "I'd recommend").
 */
export const OPINION = new Set([
  'think',
  'believe',
  'guess',
  'suspect',
  'seen',
  'caused',
  'causes',
  'due',
  'suggest',
  'recommend',
  'advise',
]);

/** Words a message uses once its problem is settled ("the problem was solved", "works now"). */
export const SETTLED = [
  'signed-off-by',
  'have increased',
  'increased the limit',
  'raised the limit',
  'solved',
  'resolved',
  'fixed it',
  'works now',
  'working now',
  'ran successfully',
  'find the problem',
  'found the problem',
  'turned out',
  'went away',
  'work around',
  'workaround',
  'fixes it',
  'fixed by',
  'fixes #',
  'closes #',
  'resolves #',
  // "... and now the server is not crashing anymore."
  'not crashing anymore',
  'not crashing any more',
  'no longer crashing',
  'no longer crashes',
  'stopped crashing',
  // "`ATEN_CPU_CAPABILITY=default` fixed my issue with Illegal Instruction core dumps."
  'fixed my issue',
  'fixed my problem',
  'fixed the issue',
  'fixed the problem',
];

/**
 * A maintainer answering someone else's report: the crash did not happen to them ("I just
 * tried to reproduce the error but failed"), or they close the report.
 */
export const ANSWERING = [
  // Not the reporter's "another error ... that I can't reproduce now", nor "to reproduce
  // your model training".
  'reproduce your error',
  'reproduce your issue',
  'reproduce your problem',
  'reproduce your crash',
  'reproduce the error but failed',
  'reproduce it but failed',
  'was not able to reproduce',
  'closing this issue',
  'closing this as',
];

/** Words only a person writes: "I", "we", a greeting, thanks. */
export const PERSON = new Set([
  ...FIRST_PERSON,
  'we',
  "we're",
  'we’re',
  'our',
  'us',
  'hi',
  'hello',
  'thanks',
  'thank',
  'please',
]);

/** A message that asks for help: a question, or the words people ask with. */
export const ASKING = [
  'help',
  'how to',
  'how can',
  'how do',
  'any idea',
  'any ideas',
  'any suggestion',
  'what should',
  'why',
  'solve',
  'what is that',
  '怎么',
  '为什么',
  '请问',
  '原因',
  '如何',
];

/**
 * What a change's description says of itself ("this PR", "Fixes #1627", "Signed-off-by"):
 * the errors it quotes are what the change handles, not a crash to answer.
 */
export const CHANGE_NOTES: readonly string[] = [
  'this pr',
  "this pr's",
  'this patch',
  'this commit',
  'signed-off-by',
  'fixes #',
  'closes #',
  'resolves #',
  'stacked on #',
  'this pull request',
  // A change presenting itself in a later sentence ("... will cause X. This adds environment variable ...").
  'this adds',
  'this introduces',
  'description of changes',
  // Pull request templates' headings ("### Change description ###", "## Proposed changes").
  'change description',
  'proposed changes',
  'summary of changes',
  // GitHub's generated release notes: "## What's Changed" ... "**Full Changelog**: v0.1.35...v0.1.36".
  "what's changed",
  'what’s changed',
  'full changelog',
  // A release's notes ("Release Highlights", then "Bug Fixes" listing the errors fixed).
  'release highlights',
  // Phabricator's and ghstack's commit trailers ("Differential Revision: D59342738",
  // "Pull Request resolved: https://github.com/pytorch/pytorch/pull/...").
  'differential revision:',
  'pull request resolved:',
  'reviewed by:',
];

/**
 * Verbs a change's summary opens with ("Guard the exit code 137 check with ...", "Show the
 * memory limit and request for a container which was `OOMKilled`", 'Fixed "Segmentation
 * fault" error.'): a pull request's or a commit's first line, whose errors are what it handles.
 */
export const CHANGE_VERBS = new Set([
  'fix',
  'fixed',
  'fixes',
  'revert',
  'reverts',
  'avoid',
  'avoids',
  'improve',
  'improves',
  'guard',
  'handle',
  'detect',
  'catch',
  'retry',
  'treat',
  'allow',
  'skip',
  'support',
  'implement',
  'refactor',
  'bump',
  'propagate',
  'surface',
  'expose',
  'show',
  'ensure',
  'prevent',
  'rename',
  'replace',
  'introduce',
  'update',
  'updates',
  'adds',
  'remove',
  'removes',
  'document',
  'documents',
  'addresses',
  'closes',
  'resolves',
]);

/** Verbs advice opens a sentence with ("Add more swap", "Reduce the batch size", "Try ..."). */
export const ADVICE = new Set([
  'add',
  'try',
  'reduce',
  'lower',
  'increase',
  'decrease',
  'use',
  'set',
  'check',
  'install',
  'upgrade',
  'downgrade',
  'restart',
  'disable',
  'enable',
]);

/** Words of the headings issue templates give a report ("Steps to reproduce", "Environment"). */
export const REPORT_PARTS = new Set([
  'description',
  'describe',
  'reproduce',
  'steps',
  'output',
  'logs',
  'log',
  'environment',
  'expected',
  'actual',
  'behavior',
  'behaviour',
  'bug',
  'version',
  'versions',
  'system',
  'details',
  'traceback',
  'context',
  'additional',
  'questions',
  'reproduction',
  // "### What happened?", the web UIs' templates (AUTOMATIC1111's and its forks').
  'happened',
]);
