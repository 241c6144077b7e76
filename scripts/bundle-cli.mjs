#!/usr/bin/env node
// Part of `npm run build`, after tsc: bundles the CLI's modules into a few files, so a
// start resolves and reads 7 files instead of about 110 (Node's ES module loader spends
// more time per file than on the code in it; about a fifth of `crashbot diagnose`'s CPU
// on a short log). dist/cli/main.js becomes the bundle's entry and dist/chunks/ holds
// the rest: pure core in one chunk, and each command, adapter and loader that is
// imported on use in a chunk of its own, still imported on use. The chunks sit one
// folder below dist/ as the modules did, so paths built from import.meta.url
// (knowledge/, the snapshot) hold. Packages stay imports of node_modules.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { compileCore } from './code-cache.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
rmSync(`${dist}chunks`, { recursive: true, force: true });
const output = await build({
  input: `${dist}cli/main.js`,
  platform: 'node',
  logLevel: 'warn',
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  output: {
    dir: dist,
    format: 'esm',
    entryFileNames: 'cli/main.js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
    codeSplitting: { groups: [{ name: 'core', test: /[\\/]dist[\\/]core[\\/]/ }] },
  },
});

// The core chunk, the largest, is compiled once here and its compiled code kept beside it.
const core = output.output.find((c) => c.type === 'chunk' && c.name === 'core');
if (!core) throw new Error('bundle-cli: no core chunk in the bundle');
await compileCore(`${dist}${core.fileName}`);
