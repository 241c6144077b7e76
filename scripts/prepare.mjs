#!/usr/bin/env node
// npm's `prepare`: builds dist/ in a checkout (src/ present), so `npm ci && npm start`
// works on a fresh clone. An installed package (from `npm pack`'s tarball) ships dist/
// and no src/: nothing to build, and no TypeScript compiler or dev dependency needed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('src') || !existsSync('tsconfig.build.json')) process.exit(0);
const npm = process.env.npm_execpath;
const run = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(run.status ?? 1);
