#!/usr/bin/env node
// The composition root of the CLI: the one place that touches argv, stdout, stderr
// and the exit status.
import { hostname, userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defaultKnowledgeDir } from '../knowledge/paths.js';
import { loadKnowledgeCached } from '../knowledge/snapshot.js';
import type { KnowledgeResult } from './command.js';
import { runCli } from './run.js';

// `crashbot diagnose big.log | head` closes stdout early; that is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const snapshot = fileURLToPath(new URL('../knowledge.snapshot.json', import.meta.url));
let knowledge: Promise<KnowledgeResult> | undefined;
const status = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  stdin: process.stdin,
  env: process.env,
  knowledge: () => {
    knowledge ??= loadKnowledgeCached(defaultKnowledgeDir(), snapshot);
    return knowledge;
  },
  now: () => new Date(),
  host: {
    stdout: process.stdout,
    stderr: process.stderr,
    fds: { stdout: 1, stderr: 2 },
    onSignal(signal, handler) {
      process.on(signal, handler);
      return () => process.off(signal, handler);
    },
    terminal: Boolean(process.stdin.isTTY || process.stdout.isTTY || process.stderr.isTTY),
    errTerminal: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
    hostname: hostname(),
    user: safeUser(),
  },
});
process.exitCode = status;
// A command has finished: whatever it left open (a request past its deadline) must not keep the process.
setTimeout(() => process.exit(status), 2000).unref();

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}
