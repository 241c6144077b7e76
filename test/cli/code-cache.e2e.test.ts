// The build keeps the compiled code of the CLI's core (scripts/code-cache.mjs); a start of
// the built CLI with Node's default flags must take it, and answer the same without it.
import { spawnSync } from 'node:child_process';
import { readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const chunks = join(dist, 'chunks');
const env = { ...process.env, NODE_OPTIONS: '' };
const LOG = 'RuntimeError: CUDA error: an illegal memory access was encountered\n';

function coreUse(): string {
  const core = readdirSync(chunks).find((f) => /^core-[^.]+\.js$/.test(f));
  const probe = [
    `const { codeCacheUse } = await import(${JSON.stringify(join(dist, 'cli', 'code-cache.js'))});`,
    `await import(${JSON.stringify(join(chunks, core ?? 'missing'))});`,
    'console.log(JSON.stringify(codeCacheUse()));',
  ].join('\n');
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { env, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return r.stdout.trim();
}

describe('the kept compiled code of the built CLI', () => {
  it('GIVEN the build THEN the core runs as a script and a start with default flags takes its kept code', () => {
    const use = JSON.parse(coreUse()) as { file: string; used: boolean | null }[];
    expect(use).toHaveLength(1);
    expect(use[0]?.file).toMatch(/core-[^.]+\.script\.js$/);
    expect(use[0]?.used).toBe(true);
  });

  it('GIVEN the kept code taken away THEN the CLI compiles the core and answers the same', () => {
    const run = () =>
      spawnSync(process.execPath, [CLI, 'diagnose', '--json'], { input: LOG, env, encoding: 'utf8' });
    const withCache = run();
    const kept = readdirSync(chunks).find((f) => f.endsWith('.script.cache'));
    expect(kept).toBeDefined();
    const aside = join(chunks, `${kept}.aside`);
    renameSync(join(chunks, kept!), aside);
    try {
      expect(JSON.parse(coreUse())[0].used).toBeNull();
      const without = run();
      expect(without.status).toBe(0);
      expect(without.stdout).toBe(withCache.stdout);
    } finally {
      renameSync(aside, join(chunks, kept!));
    }
  });
});
