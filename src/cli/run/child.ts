// Runs the user's command and stays out of its way: stdin is the child's own, stdout
// and stderr pass through byte for byte as they come (a `\r` progress bar still
// redraws), signals sent to crashbot are passed on, and the exit status is the child's.
// A copy of the output goes to a bounded window for the diagnosis. A stream named in
// `direct` is the child's own (a file crashbot's caller opened, read back afterwards:
// direct.ts) and does not pass through crashbot at all.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

export interface ChildIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Subscribes to a signal sent to crashbot; returns the unsubscribe. */
  onSignal(signal: NodeJS.Signals, handler: () => void): () => void;
  /** Whether crashbot runs in a terminal's foreground (Ctrl-C then reaches the child itself). */
  terminal: boolean;
}

export interface ChildResult {
  /** The exit status a shell would report: the child's code, or 128 + the signal's number. */
  status: number;
  signal: NodeJS.Signals | null;
  /** Set when the command could not be started at all. */
  spawnError?: string;
  startedAt: number;
  endedAt: number;
}

/**
 * Signals crashbot passes on. SIGINT and SIGQUIT come from the terminal's keyboard to
 * the whole foreground group, the child included, so they are passed on only when
 * crashbot is not in a terminal (a scheduler or `kill` sent them to crashbot alone).
 */
const FORWARD: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGUSR1', 'SIGUSR2', 'SIGINT', 'SIGQUIT'];
const KEYBOARD: ReadonlySet<NodeJS.Signals> = new Set(['SIGINT', 'SIGQUIT']);

export function statusOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (signal) return 128 + (constants.signals[signal] ?? 0);
  return code ?? 1;
}

export function runChild(
  command: readonly string[],
  io: ChildIo,
  onOutput: (stream: 'stdout' | 'stderr', chunk: Buffer) => void,
  env: NodeJS.ProcessEnv,
  direct: ReadonlySet<'stdout' | 'stderr'> = new Set(),
): Promise<ChildResult> {
  const [file, ...args] = command;
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const how = (s: 'stdout' | 'stderr') => (direct.has(s) ? 'inherit' : 'pipe');
    const child = spawn(file as string, args, { stdio: ['inherit', how('stdout'), how('stderr')], env });
    const unsubscribe = FORWARD.filter((s) => !(io.terminal && KEYBOARD.has(s))).map((s) =>
      io.onSignal(s, () => {
        if (child.exitCode === null && child.signalCode === null) child.kill(s);
      }),
    );
    // Keyboard signals are not passed on, but must not end crashbot before its child.
    const keep = io.terminal ? [...KEYBOARD].map((s) => io.onSignal(s, () => {})) : [];
    let spawnError: string | undefined;
    const pass = (name: 'stdout' | 'stderr', from: NodeJS.ReadableStream, to: NodeJS.WritableStream) => {
      from.on('data', (chunk: Buffer) => {
        if (!to.write(chunk)) {
          from.pause();
          to.once('drain', () => from.resume());
        }
        onOutput(name, chunk);
      });
    };
    if (child.stdout) pass('stdout', child.stdout, io.stdout);
    if (child.stderr) pass('stderr', child.stderr, io.stderr);
    child.on('error', (err: NodeJS.ErrnoException) => {
      spawnError =
        err.code === 'ENOENT'
          ? `${file}: command not found`
          : err.code === 'EACCES'
            ? `${file}: permission denied`
            : err.message;
    });
    // 'close' comes after the exit and after both pipes are drained: no output is lost.
    child.on('close', (code, signal) => {
      for (const off of [...unsubscribe, ...keep]) off();
      const status = spawnError ? (spawnError.endsWith('not found') ? 127 : 126) : statusOf(code, signal);
      resolve({
        status,
        signal: spawnError ? null : signal,
        ...(spawnError && { spawnError }),
        startedAt,
        endedAt: Date.now(),
      });
    });
  });
}
