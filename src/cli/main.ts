#!/usr/bin/env node
// The composition root of the CLI: the one place that touches argv, stdout, stderr
// and the exit status.
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
process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  stdin: process.stdin,
  env: process.env,
  knowledge: () => {
    knowledge ??= loadKnowledgeCached(defaultKnowledgeDir(), snapshot);
    return knowledge;
  },
  now: () => new Date(),
});
