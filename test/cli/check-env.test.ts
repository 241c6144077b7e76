import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../src/cli/command.js';
import { checkEnvCommand } from '../../src/cli/commands/check-env.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { loadRealCompat } from '../core/versions/helpers.js';
import { fixture } from '../core/versions/scenarios/index.js';

const compat = loadRealCompat();
const kb = { compat } as unknown as KnowledgeBase;

async function run(args: string[], stdin = '', knowledge = true) {
  const out: string[] = [];
  const err: string[] = [];
  const ctx: CommandContext = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    stdin: Readable.from(stdin ? [Buffer.from(stdin)] : []),
    env: {},
    knowledge: async () =>
      knowledge ? { ok: true, kb } : { ok: false, problems: [{ file: 'x', field: 'y', message: 'z' }] },
    now: () => new Date('2026-01-01T00:00:00Z'),
  };
  const status = await checkEnvCommand.run(args, ctx);
  return { status, out: out.join(''), err: err.join('') };
}

function file(name: string, content: string | Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-check-env-'));
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('crashbot check-env', () => {
  it('GIVEN the seed log on stdin THEN the text report fails cuDNN 8.4 against the 8.1 of TF 2.10', async () => {
    const r = await run(['-'], fixture('tf-windows-seed.txt'));
    expect(r.status).toBe(0);
    expect(r.out).toContain('Environment report:');
    expect(r.out).toMatch(
      /cuDNN 8\.4\.0 \(loaded, line 8\), but TF 2\.10\.0 was built and tested with cuDNN 8\.1/,
    );
  });

  it('GIVEN a collect_env file and --json THEN the JSON holds versions, sightings, checks and the dump verdict', async () => {
    const r = await run([file('env.txt', fixture('collect-env-linux.txt')), '--json']);
    expect(r.status).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.versions).toMatchObject({ torch: '2.1.0+cu118', driver: '535.129.03' });
    expect(json.sightings.torch).toEqual([{ value: '2.1.0+cu118', line: 2, origin: 'collect-env' }]);
    expect(json.checks.map((c: { id: string; status: string }) => [c.id, c.status])).toContainEqual([
      'driver',
      'ok',
    ]);
    expect(json.environmentDump).toBe(true);
  });

  it('GIVEN --os windows for a paste that does not show it THEN the Windows table rows are used', async () => {
    const r = await run(
      ['--os', 'windows', '--format', 'markdown'],
      'tensorflow==2.13.0\nDriver Version: 536.23\nGPU 0: NVIDIA GeForce RTX 3070',
    );
    expect(r.status).toBe(0);
    expect(r.out).toContain('no GPU support on native Windows');
  });

  it.each([
    [['--format', 'yaml'], 'unknown format "yaml"'],
    [['--os', 'plan9'], 'unknown OS "plan9"'],
    [['a.txt', 'b.txt'], 'expected one FILE, got 2'],
    [['--nope'], "Unknown option '--nope'"],
  ])('GIVEN the arguments %j THEN it is a usage error', async (args, message) => {
    const r = await run(args);
    expect(r.status).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).toContain('usage: crashbot check-env');
  });

  it.each([
    ['a missing file', () => join(tmpdir(), 'crashbot-no-such-file.txt'), 'no such file'],
    ['a binary file', () => file('x.bin', new Uint8Array(20000).fill(0)), 'looks like a binary file'],
    // Endless: only stopping at the binary verdict lets this return.
    ['/dev/zero', () => '/dev/zero', 'looks like a binary file'],
  ])('GIVEN %s THEN it says so on one line and exits 3', async (_name, path, message) => {
    const r = await run([path()]);
    expect(r.status).toBe(3);
    expect(r.err).toContain(message);
  });

  it('GIVEN a broken knowledge base THEN it exits 1 and points to knowledge check', async () => {
    const r = await run(['-'], 'torch==2.1.0', false);
    expect(r.status).toBe(1);
    expect(r.err).toContain('crashbot knowledge check');
  });
});
