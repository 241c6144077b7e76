// Exit codes as programs in general print them: "exit code N", "returncode=N", Python's
// subprocess and multiprocessing, a signal by number or name.
import { type LinePattern, NUMBER, numberOrName, precededBy, signal, slurmPair, value } from './kit.js';

/** What comes before "signal N" when a process died of it. */
const BY_SIGNAL = [
  'terminated',
  'killed',
  'interrupted',
  'exited',
  'died',
  'stopped',
  'crashed',
  'aborted',
  'failed',
  'ended',
  'shutdown',
  'shut down',
].flatMap((verb) => ['with', 'by', 'on', 'due to'].map((prep) => `${verb} ${prep} `));

const EXITCODE_WORD = /^exit_?code/i;

/** s6-overlay's status past 255 stands for the signal it names after it: the signal is read instead. */
const S6_SIGNAL = /^ \(by signal \d/;

/** The signals R's handler names in its own words. */
const R_CAUGHT: Readonly<Record<string, string>> = {
  segfault: 'SIGSEGV',
  'illegal operation': 'SIGILL',
  'bus error': 'SIGBUS',
};

/** ROOT's words for the signals its handler catches ("*** Break *** segmentation violation"), and their names. */
const ROOT_BREAK: Readonly<Record<string, string>> = {
  'segmentation violation': 'SIGSEGV',
  'bus error': 'SIGBUS',
  'illegal instruction': 'SIGILL',
  'floating point exception': 'SIGFPE',
  SegmentationViolation: 'SIGSEGV',
  Bus: 'SIGBUS',
  IllegalInstruction: 'SIGILL',
  FloatingException: 'SIGFPE',
  Abort: 'SIGABRT',
};

export const GENERIC_PATTERNS: readonly LinePattern[] = [
  {
    id: 'exit-status',
    // Also "exited with the code 4294967295 (0xffffffff)" (Visual Studio's English), Kubernetes
    // operators' "terminated with exit code (137)" and GNU time's "Command exited with non-zero status 137".
    re: new RegExp(
      `\\bexit(?:ed with (?:error |the |non-zero )?|[ _]?)(?:status code|code|status)\\b(?:[ \\t]*[:=])?[ \\t]*\\(?${NUMBER}`,
      'gi',
    ),
    needles: ['exit'],
    prose: true,
    // "exitcode: -9" is torch.distributed.elastic, which reports signals as Python does (-N).
    read: (m, line, at) =>
      slurmPair(line, at + m[0].length) || S6_SIGNAL.test(line.slice(at + m[0].length))
        ? null
        : value(m[1]!, EXITCODE_WORD.test(m[0]) ? 'returncode' : 'status', m[0], at),
  },
  {
    // A launcher telling its worker's end in parentheses: noScribe's "Transcription worker exited
    // unexpectedly (code 3221226505)", "the process died (code -9)".
    id: 'ended-paren-code',
    re: new RegExp(
      `\\b(?:exited|terminated|died|crashed|stopped)(?: unexpectedly)? \\((?:exit )?code:? ${NUMBER}\\)`,
      'gi',
    ),
    needles: ['(code', '(exit code'],
    prose: true,
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
  {
    id: 'returncode',
    re: /\breturn[ _]?code\b(?:[ \t]*[:=])?[ \t]*([-+]?\d+)/gi,
    needles: ['returncode', 'return code', 'return_code'],
    prose: true,
    read: (m, _l, at) => value(m[1]!, 'returncode', m[0], at),
  },
  {
    // Dev-C++ "Process exited after 3.7 seconds with return value 3221225477"; Code::Blocks
    // "Process returned -1073741819 (0xC0000005)" and "Process terminated with status -1073741510".
    id: 'return-value',
    re: /\breturn value(?:[ \t]*[:=])?[ \t]*([-+]?\d+)/gi,
    needles: ['return value'],
    prose: true,
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
  {
    id: 'process-returned',
    re: /\bProcess (?:returned|terminated with status) ([-+]?\d+)/g,
    needles: ['process returned', 'process terminated with status'],
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
  {
    // Java: Gradle's "finished with non-zero exit value 139", commons-exec's "(Exit value: 1)".
    id: 'exit-value',
    re: /\bexit value(?:[ \t]*[:=])?[ \t]*([-+]?\d+)/gi,
    needles: ['exit value'],
    prose: true,
    read: (m, _l, at) => value(m[1]!, 'status', m[0], at),
  },
  {
    // A Windows exit status by its ten digits alone, as launchers and people's sentences carry it
    // ("Process returned 3221225477", "the app crashed with -1073741819"): only values the NTSTATUS
    // table knows, which no other count in a log happens to equal; a sentence's full stop may
    // follow ("The returned code is 0 or 3221225477.").
    id: 'ntstatus-number',
    re: /(?<![\w.+-])(?:-10737|32212)\d{5}(?!\w|\.\w)/g,
    needles: ['-10737', '32212'],
    prose: true,
    read: (m, _l, at) => value(m[0], 'status', m[0], at, true),
  },
  {
    // Python's hex() of a negative code: hex(-1073741819) == '-0x3ffffffb'.
    id: 'negative-hex',
    re: /(?<![\w.-])-0x[0-9a-f]{1,8}\b/gi,
    needles: ['-0x'],
    read: (m, _l, at) => value(m[0], 'hex', m[0], at, true),
  },
  {
    id: 'python-signals-repr',
    re: /<Signals\.(SIG[A-Z0-9]+): (\d+)>/gi,
    needles: ['<signals.'],
    read: (m, _l, at) => signal(m, at, m[2], m[1]),
  },
  {
    // multiprocessing's repr of a dead child: <Process name='Process-1' pid=42 parent=1 stopped exitcode=-SIGKILL>
    id: 'multiprocessing-exitcode',
    re: /\bexitcode=-(SIG[A-Z0-9]+)\b/gi,
    needles: ['exitcode=-sig'],
    read: (m, _l, at) => signal(m, at, undefined, m[1]),
  },
  {
    // joblib/loky: "The exit codes of the workers are {SIGKILL(-9)}"
    id: 'loky-exit-codes',
    re: /\bexit codes of the workers are \{(SIG[A-Z0-9]+)\(-(\d+)\)/gi,
    needles: ['exit codes of the workers'],
    read: (m, _l, at) => signal(m, at, m[2], m[1]),
  },
  {
    // "terminated by signal 9", mpirun's "exited on signal 9 (Killed)", Node's "exited with
    // signal SIGSEGV", pnpm's 'Command failed with signal "SIGKILL"', TGI's "signaled to
    // shutdown with signal 4". The verb is checked in code: a long alternation under /i is slow to prove.
    id: 'by-signal',
    re: /\bsignal:? "?(\d+|SIG[A-Z0-9]+)\b(?:: (SIG[A-Z0-9]+))?/gi,
    needles: ['signal'],
    prose: true,
    read: (m, line, at) => {
      const verb = precededBy(line, at, BY_SIGNAL);
      return verb ? numberOrName(m, at - verb, m[1]!, m[2], line.slice(at - verb, at + m[0].length)) : null;
    },
  },
  {
    // s6-overlay, which Home Assistant's add-ons and many images run under, after the status it
    // counts past 255 for a death by signal: "Service exited with code 256 (by signal 4)".
    id: 'by-signal-in-parentheses',
    re: /\(by signal (\d{1,2})\)/g,
    needles: ['(by signal'],
    read: (m, _l, at) => signal(m, at, m[1]),
  },
  {
    // The kernel's line for a process it sent SIGSEGV, in dmesg or syslog: "python[1234]: segfault
    // at 0 ip 00007f... sp 00007f... error 4 in libcuda.so", "obs[42954] general protection fault
    // ip:7f8914256efb sp:7f88e2b013c0 error:0 in libonnxruntime.so.1.10.0".
    id: 'kernel-segfault',
    re: /\[\d{1,10}\]:? (?:segfault at [0-9a-f]{1,16} ip|general protection fault ip:)/g,
    needles: ['segfault at', 'general protection fault'],
    read: (m, _l, at) => signal(m, at, undefined, 'SIGSEGV'),
  },
  {
    // The kernel's trap line for an instruction the CPU refused or a division by zero: "traps:
    // freqtrade[584823] trap invalid opcode ip:7f848859ae22 sp:7ffee55e2750 error:0 in libarrow.so".
    id: 'kernel-trap',
    re: /\[\d{1,10}\]:? trap (invalid opcode|divide error) ip:/g,
    needles: ['trap invalid opcode', 'trap divide error'],
    read: (m, _l, at) => signal(m, at, undefined, m[1] === 'invalid opcode' ? 'SIGILL' : 'SIGFPE'),
  },
  {
    // R's handler for a fatal signal: "*** caught segfault ***", "*** caught illegal operation ***",
    // "*** caught bus error ***".
    id: 'r-caught-signal',
    re: /\*\*\* caught (segfault|illegal operation|bus error) \*/g,
    needles: ['*** caught '],
    read: (m, _l, at) => signal(m, at, undefined, R_CAUGHT[m[1]!]),
  },
  {
    // ROOT's handler for a fatal signal (PyROOT, TMVA): " *** Break *** segmentation violation", "***
    // Break *** bus error", and its stack trace's header "There was a crash (kSigSegmentationViolation).".
    id: 'root-break-signal',
    re: /\*\*\* Break \*\*\* (segmentation violation|bus error|illegal instruction|floating point exception)\b|\bThere was a crash \(kSig(SegmentationViolation|Bus|IllegalInstruction|FloatingException|Abort)\)/g,
    needles: ['*** break *** ', 'there was a crash (ksig'],
    read: (m, _l, at) => signal(m, at, undefined, ROOT_BREAK[(m[1] ?? m[2])!]),
  },
  {
    // Ray: "The process was killed by SIGKILL"
    id: 'by-signal-name',
    re: /\b(?:terminated|killed) by (SIG[A-Z0-9]+)\b/gi,
    needles: ['by sig'],
    read: (m, _l, at) => signal(m, at, undefined, m[1]),
  },
  {
    // gdb's "received signal SIGSEGV", and Taichi's "Received signal 11 (SIGSEGV)".
    id: 'gdb-received-signal',
    re: /\breceived signal (?:(\d{1,2}) \()?(SIG[A-Z0-9]+)/gi,
    needles: ['received signal'],
    read: (m, _l, at) => signal(m, at, m[1], m[2]),
  },
  {
    // lldb's stop on a signal: "* thread #1, name = 'python3', stop reason = signal SIGILL: illegal instruction".
    id: 'lldb-stop-signal',
    re: /\bstop reason = signal (SIG[A-Z0-9]+)/g,
    needles: ['stop reason = signal'],
    read: (m, _l, at) => signal(m, at, undefined, m[1]),
  },
  {
    // Android's libc, in logcat: "F/libc (25506): Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0".
    id: 'android-fatal-signal',
    re: /\bFatal signal (\d{1,2}) \((SIG[A-Z0-9]+)\)/g,
    needles: ['fatal signal'],
    read: (m, _l, at) => signal(m, at, m[1], m[2]),
  },
  {
    // Open MPI's signal handler under "*** Process received signal ***": "[host:00121] Signal:
    // Bus error (7)", "Signal: Segmentation fault (11)".
    id: 'open-mpi-signal',
    re: /\bSignal: (?:Segmentation fault|Bus error|Aborted|Illegal instruction|Floating point exception) \((\d{1,2})\)/g,
    needles: ['signal: '],
    read: (m, _l, at) => signal(m, at, m[1]),
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
    // valgrind: "Process terminating with default action of signal 11 (SIGSEGV)"
    id: 'valgrind-default-action',
    re: /\bdefault action of signal (\d+) \((SIG[A-Z0-9]+)\)/gi,
    needles: ['default action of signal'],
    read: (m, _l, at) => signal(m, at, m[1], m[2]),
  },
  {
    // AddressSanitizer and its siblings: "==42==ERROR: AddressSanitizer: SEGV on unknown address"
    id: 'sanitizer-signal',
    re: /\b(?:Address|Memory|Thread|UndefinedBehavior)Sanitizer: (SEGV|BUS|FPE|ILL|ABRT)\b/g,
    needles: ['sanitizer: '],
    read: (m, _l, at) => signal(m, at, undefined, `SIG${m[1]}`),
  },
  {
    // A JVM's hs_err header: "#  SIGSEGV (0xb) at pc=0x00007f..., pid=42, tid=43"
    id: 'jvm-fatal-signal',
    re: /\b(SIG[A-Z0-9]+) \(0x[0-9a-f]+\) at pc=/gi,
    needles: [') at pc='],
    read: (m, _l, at) => signal(m, at, undefined, m[1]),
  },
];

export const GENERIC_HELPER_REGEXES: readonly RegExp[] = [EXITCODE_WORD, S6_SIGNAL];
