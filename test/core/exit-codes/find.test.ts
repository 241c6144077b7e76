import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXIT_CODE_NEEDLES, findExitCodes } from '../../../src/core/exit-codes/find.js';
import { loadExitCodes } from '../../../src/knowledge/exit-codes.js';
import { ProblemList } from '../../../src/knowledge/files.js';
import { defaultKnowledgeDir } from '../../../src/knowledge/load.js';

const table = loadExitCodes(
  join(defaultKnowledgeDir(), 'exit-codes'),
  new ProblemList(defaultKnowledgeDir()),
);
const names = (line: string) => findExitCodes(line, table).map((c) => c.name);

/** Log lines and the codes they print, in order. */
const LOG_LINES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Process finished with exit code -1073740791 (0xC0000409)', ['STATUS_STACK_BUFFER_OVERRUN']],
  ['Process finished with exit code -1073740940 (0xc0000374)', ['STATUS_HEAP_CORRUPTION']],
  ['Process finished with exit code -1073741571 (0xC00000FD)', ['STATUS_STACK_OVERFLOW']],
  ['Process finished with exit code 139 (interrupted by signal 11: SIGSEGV)', ['SIGSEGV']],
  ['Process finished with exit code 137 (interrupted by signal 9: SIGKILL)', ['SIGKILL']],
  // root-project/root#15970, scikit-hep/root_pandas#89: ROOT's signal handler.
  [' *** Break *** segmentation violation', ['SIGSEGV']],
  ['*** Break *** bus error', ['SIGBUS']],
  ['There was a crash (kSigSegmentationViolation).', ['SIGSEGV']],
  // pytorch/pytorch#109312: lldb's stop on a signal.
  ["* thread #1, name = 'python3', stop reason = signal SIGILL: illegal instruction", ['SIGILL']],
  ['ERROR: job failed: exit code 137', ['SIGKILL']],
  ['make: *** [train] exit status 139', ['SIGSEGV']],
  ['trainer-1 exited with code 137', ['SIGKILL']],
  ['the container exited with status code 137', ['SIGKILL']],
  [
    "subprocess.CalledProcessError: Command '['python', 'train.py']' returned non-zero exit status 3221225477.",
    ['STATUS_ACCESS_VIOLATION'],
  ],
  ["CompletedProcess(args=['python', 'train.py'], returncode=-9)", ['SIGKILL']],
  ['worker finished, returncode -11', ['SIGSEGV']],
  [
    'torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -9) local_rank: 0 (pid: 4242) of binary: /usr/bin/python3',
    ['SIGKILL'],
  ],
  ['  exitcode  : -6 (pid: 4242)', ['SIGABRT']],
  ['  traceback : Signal 9 (SIGKILL) received by PID 4242', ['SIGKILL']],
  ['      Exit Code:    137', ['SIGKILL']],
  ['        exitCode: 137', ['SIGKILL']],
  [
    "subprocess.CalledProcessError: Command '['python', 'worker.py']' died with <Signals.SIGKILL: 9>.",
    ['SIGKILL'],
  ],
  [
    'torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGKILL',
    ['SIGKILL'],
  ],
  ['Command terminated by signal 9', ['SIGKILL']],
  ['RuntimeError: DataLoader worker (pid 31337) is killed by signal: Killed.', ['SIGKILL']],
  ['RuntimeError: DataLoader worker (pid 31337) is killed by signal: Bus error.', ['SIGBUS']],
  ['Killed', ['SIGKILL']],
  ['  Killed  ', ['SIGKILL']],
  ['/bin/bash: line 27:   318 Killed                  sh start.sh', ['SIGKILL']],
  ['./train.sh: line 12:  4321 Segmentation fault      (core dumped) python train.py', ['SIGSEGV']],
  ['[1]+  Killed                  python train.py', ['SIGKILL']],
  // home-assistant/addons#3035: s6-overlay counts a death by signal past 255
  ['[07:09:38] INFO: Service exited with code 256 (by signal 4)', ['SIGILL']],
  // nextcloud/recognize#804: retyped with square brackets
  ['it brings up `Illegal Instruction [core dumped]`.', ['SIGILL']],
  // PINTO0309/openvino2tensorflow#98: the job line pasted without the script's "line N:"
  ['70361 Killed                  openvino2tensorflow --model_path vgg16.xml', ['SIGKILL']],
  ['srun: error: gpu-node-07: task 0: Killed', ['SIGKILL']],
  ['1200/5000 [=====>........................] - ETA: 31:02 - loss: 2.1371Killed', ['SIGKILL']],
  [' 24%|██▍       | 1200/5000 [03:10<10:02,  6.30it/s]Killed', ['SIGKILL']],
  ['Segmentation fault (core dumped)', ['SIGSEGV']],
  ['Segmentation fault', ['SIGSEGV']],
  ['Fatal Python error: Segmentation fault', ['SIGSEGV']],
  ['Fatal Python error: Aborted', ['SIGABRT']],
  ['Illegal instruction (core dumped)', ['SIGILL']],
  ['zsh: illegal hardware instruction  python -c "import tensorflow"', ['SIGILL']],
  ['zsh: killed     python train.py', ['SIGKILL']],
  ['Bus error (core dumped)', ['SIGBUS']],
  ['Aborted (core dumped)', ['SIGABRT']],
  ['Floating point exception', ['SIGFPE']],
  ['Floating point exception (core dumped)', ['SIGFPE']],
  ['Thread 1 "python" received signal SIGILL, Illegal instruction.', ['SIGILL']],
  ['*** SIGSEGV (@0x0) received by PID 5151 (TID 0x7f00deadbeef) from PID 0; stack trace: ***', ['SIGSEGV']],
  ['*** SIGABRT received at time=1700000000 on cpu 3 ***', ['SIGABRT']],
  ['Windows fatal exception: access violation', ['STATUS_ACCESS_VIOLATION']],
  ['Windows fatal exception: stack overflow', ['STATUS_STACK_OVERFLOW']],
  ['Windows fatal exception: code 0xc0000374', ['STATUS_HEAP_CORRUPTION']],
  ['Windows fatal exception: float overflow', ['NTSTATUS 0xC0000091']],
  ['Faulting application python.exe, error code 0xC0000005', ['STATUS_ACCESS_VIOLATION']],
  ['Exception code: 0xc0000409', ['STATUS_STACK_BUFFER_OVERRUN']],
  ['Exception code: 0xc0000091', ['NTSTATUS 0xC0000091']],
  ['0xC0000409', ['STATUS_STACK_BUFFER_OVERRUN']],
  ['task 0: Exited with exit code 1', ['exit status 1']],
  ['ERROR: exit code 2 from step 4', ['exit status 2']],
  ['train.py exited with code 3', ['ABORT_EXIT_3']],
  ['Process finished with exit code -1', ['exit status -1']],
  ['ERROR: Illegal instruction (core dumped)', ['SIGILL']],
  ['Crashes in model.fit with no error message but exit code 135', ['SIGBUS']],
  ['RETURN_CODE=-9', ['SIGKILL']],
];

/** Lines that print no exit code: prose, success, addresses, lookalikes. */
const QUIET_LINES: readonly string[] = [
  // A number before "Killed" in a sentence is no job line: bash pads the description.
  '12 Killed by the scheduler last night',
  'Status code 137 indicates OOM',
  'exit code 137 usually means the OOM killer',
  'What does exit code 139 mean?',
  'the returncode is -9 when it is killed',
  'the weird killed went away after the upgrade',
  'my job got killed by the scheduler again',
  'I think the job was Killed',
  'Killed the old run and restarted with batch 32',
  'Process finished with exit code 0',
  'exit code: 0',
  'Epoch 3/10 - loss: 2.1371 - accuracy: 0.5012',
  'tensor at 0x7ffe12345678 was freed',
  'pointer 0x00000005 looks wrong',
  '    State:          Terminated',
  'State: Terminated',
  '      Reason:       OOMKilled',
  'we might OOM with batch 64',
  'exit codes are 8 bits on Linux',
  'segmentation faults are rare here',
  'a Break in ROOT is a segmentation violation, usually',
  '',
];

describe('findExitCodes', () => {
  it.each(LOG_LINES)('GIVEN the log line %j THEN it finds %j', (line, expected) => {
    expect(names(line)).toEqual(expected);
  });

  it.each(QUIET_LINES.map((l) => [l]))('GIVEN the line %j THEN it finds no exit code', (line) => {
    expect(names(line)).toEqual([]);
  });

  it('GIVEN every test line that finds a code THEN the line contains one of EXIT_CODE_NEEDLES', () => {
    const missing = [...LOG_LINES.map(([l]) => l), ...QUIET_LINES]
      .filter((l) => findExitCodes(l, table).length > 0)
      .filter((l) => !EXIT_CODE_NEEDLES.some((n) => l.toLowerCase().includes(n)));
    expect(missing).toEqual([]);
    expect(EXIT_CODE_NEEDLES.every((n) => n === n.toLowerCase() && n.length >= 2)).toBe(true);
  });

  it('GIVEN lines assembled from log fragments THEN every line with a finding contains a needle', () => {
    const fragment = fc.constantFrom(
      'exit code',
      'Exit Code:',
      'exitCode:',
      'exited with code',
      'exit status',
      'returncode=',
      'return code',
      '137',
      '-9',
      '139',
      '0',
      '1',
      '-1073740791',
      '3221225477',
      '0xC0000409',
      '0xc0000005',
      '(',
      ')',
      ':',
      ' ',
      'Killed',
      'Segmentation fault',
      '(core dumped)',
      'Aborted',
      'Bus error',
      'Terminated',
      'zsh:',
      'killed',
      '<Signals.SIGKILL: 9>',
      'terminated with signal',
      'SIGSEGV',
      'signal 9',
      'received signal',
      '***',
      'Windows fatal exception:',
      'access violation',
      'Fatal Python error:',
      'line 3:',
      '[1]+',
      'loss: 2.1',
      'usually means',
      '?',
      'error code',
      'task 0: ',
      '\t',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 8 }), fc.boolean(), (parts, spaced) => {
        const line = parts.join(spaced ? ' ' : '');
        const found = findExitCodes(line, table);
        const lower = line.toLowerCase();
        return found.length === 0 || EXIT_CODE_NEEDLES.some((n) => lower.includes(n));
      }),
      { numRuns: 2000, seed: 20240501 },
    );
  });

  it.each([
    ['Process finished with exit code -1073740791 (0xC0000409)', 'exit code -1073740791'],
    ['/bin/bash: line 27:   318 Killed                  sh start.sh', 'Killed'],
    ['[1]+  Killed                  python train.py', 'Killed'],
    ['loss: 2.1371Killed', 'Killed'],
    ["Command '['python']' died with <Signals.SIGKILL: 9>.", '<Signals.SIGKILL: 9>'],
  ])('GIVEN %j THEN the code carries the text %j it was read from and no line number', (line, input) => {
    const [code] = findExitCodes(line, table);
    expect(code?.input).toBe(input);
    expect(code && 'line' in code).toBe(false);
  });

  it('GIVEN two different codes in one line THEN both come back in the order printed', () => {
    expect(names('exit status 134 after Windows fatal exception: access violation')).toEqual([
      'SIGABRT',
      'STATUS_ACCESS_VIOLATION',
    ]);
  });

  it.each([
    ['1 MB of digits after "exit code "', `exit code ${'7'.repeat(1_000_000)}`, []],
    ['1 MB of repeated "exit code "', 'exit code '.repeat(100_000), []],
    ['1 MB of digits', '9'.repeat(1_000_000), []],
    ['a 1 MB progress line ending in Killed', `${'=>'.repeat(500_000)}loss: 2.1371Killed`, ['SIGKILL']],
    ['a 1 MB line starting with an exit code', `exit code 137 ${'x'.repeat(1_000_000)}`, ['SIGKILL']],
  ])('GIVEN %s THEN it returns %j in bounded time', (_what, line, expected) => {
    const started = performance.now();
    expect(names(line)).toEqual(expected);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
