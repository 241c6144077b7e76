import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runInProcess } from '../helpers/cli.js';

const OOM =
  'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 5.80 GiB total capacity)\n';

/** The documented `diagnose --json` contract (README, "The JSON output"). */
const contract = z.object({
  causes: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      confidence: z.number().min(0).max(1),
      evidence: z.array(z.object({ line: z.number().int().positive(), text: z.string() })),
    }),
  ),
  exitCode: z
    .object({
      input: z.string(),
      platform: z.enum(['windows', 'posix']),
      name: z.string(),
      hex: z.string().regex(/^0x[0-9A-F]+$/),
      signed: z.number().int(),
      unsigned: z.number().int().nonnegative(),
      meaning: z.string(),
    })
    .nullable(),
  signals: z.object({
    framework: z.string().nullable(),
    os: z.string().nullable(),
    versions: z.record(z.string(), z.string()),
  }),
  checks: z.array(
    z.object({
      id: z.string(),
      status: z.enum(['fail', 'warn', 'ok', 'todo']),
      text: z.string(),
      command: z.string().optional(),
    }),
  ),
  snippets: z.array(z.object({ id: z.string(), language: z.string(), title: z.string(), code: z.string() })),
  fingerprint: z.string().min(1),
  crashReport: z.boolean(),
  xids: z.array(
    z.object({
      xid: z.number().int().positive(),
      meaning: z.string(),
      points: z.enum(['application', 'driver', 'hardware', 'gpu', 'follow-on', 'unknown']),
      action: z.string(),
      advice: z.string(),
      count: z.number().int().positive(),
      evidence: z.array(z.object({ line: z.number().int().positive(), text: z.string() })),
    }),
  ),
  ncclHang: z
    .object({
      verdict: z.enum(['mismatch', 'behind', 'silent', 'first-collective', 'all-equal']),
      stoppedFirst: z.array(z.number().int().nonnegative()),
      collective: z.object({ seq: z.number().int(), opType: z.string().optional() }),
      summary: z.string(),
      confirm: z.string(),
    })
    .nullable(),
});

describe('crashbot diagnose', () => {
  it('GIVEN a log on stdin and --json THEN it prints the JSON contract with the cause, exit 0', async () => {
    const r = await runInProcess(['diagnose', '--json'], OOM);
    expect(r.status).toBe(0);
    const d = contract.parse(JSON.parse(r.out));
    expect(d.causes[0]?.id).toBe('gpu-oom');
    expect(d.causes[0]?.evidence[0]?.line).toBe(1);
    expect(d.crashReport).toBe(true);
  });

  it('GIVEN the Windows fail-fast code THEN the JSON decodes it in every form', async () => {
    const r = await runInProcess(
      ['diagnose', '-', '--format', 'json'],
      'Process finished with exit code -1073740791 (0xC0000409)\n',
    );
    const d = contract.parse(JSON.parse(r.out));
    expect(d.exitCode).toMatchObject({
      name: 'STATUS_STACK_BUFFER_OVERRUN',
      hex: '0xC0000409',
      signed: -1073740791,
      unsigned: 3221226505,
    });
  });

  it('GIVEN a file THEN text output names the cause and quotes the line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crashbot-'));
    const file = join(dir, 'train.log');
    writeFileSync(file, `epoch 1\n${OOM}`);
    const r = await runInProcess(['diagnose', file]);
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/^Likely cause: GPU out of memory \(\d+%\)/);
    expect(r.out).toContain('2 | RuntimeError: CUDA out of memory');
  });

  it('GIVEN --format markdown THEN the quote is fenced and the title a heading', async () => {
    const r = await runInProcess(['diagnose', '--format', 'markdown'], OOM);
    expect(r.out).toMatch(/^### Likely cause: GPU out of memory/);
    expect(r.out).toContain('```text\n1: RuntimeError: CUDA out of memory');
  });

  it('GIVEN ordinary text THEN no cause, a say-so and what to paste next, exit 0', async () => {
    const r = await runInProcess(['diagnose', '--json'], 'the run finished fine, thanks!\n');
    const d = JSON.parse(r.out) as { causes: unknown[]; next: string[]; crashReport: boolean };
    expect(r.status).toBe(0);
    expect(d.causes).toEqual([]);
    expect(d.crashReport).toBe(false);
    expect(d.next.length).toBeGreaterThan(0);
  });

  it.each([
    [['diagnose', '--format', 'yaml'], /unknown format "yaml"/],
    [['diagnose', 'a.log', 'b.log'], /expected one FILE/],
    [['diagnose', '--frobnicate'], /Unknown option/],
    [['diagnoze'], /unknown command "diagnoze"/],
  ])('GIVEN %j THEN exit 2 with a one-line message', async (argv, message) => {
    const r = await runInProcess(argv);
    expect(r.status).toBe(2);
    expect(r.err).toMatch(message);
  });

  it.each([
    ['a missing file', '/nonexistent/crash.log', /no such file/],
    ['a directory', tmpdir(), /is a directory/],
  ])('GIVEN %s THEN exit 3 with a one-line message', async (_name, path, message) => {
    const r = await runInProcess(['diagnose', path]);
    expect(r.status).toBe(3);
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });
});

describe('crashbot diagnose on a file read in many chunks', () => {
  it('GIVEN a 5 MB file with versions on its first lines and the error on its last THEN the JSON is the one stdin gives, line numbers included', async () => {
    const lines = ['torch 2.1.0+cu118', 'CUDA Version: 11.8', 'Driver Version: 450.80.02'];
    for (let i = 0; i < 120_000; i++) lines.push(`step ${i} loss=0.${i % 977} lr=3e-4 it/s=${i % 13}.5`);
    lines.push('Traceback (most recent call last):', OOM.trimEnd());
    const text = `${lines.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(4 * (1 << 20));
    const file = join(mkdtempSync(join(tmpdir(), 'crashbot-chunks-')), 'big.log');
    writeFileSync(file, text);
    const fromFile = await runInProcess(['diagnose', file, '--json']);
    const fromStdin = await runInProcess(['diagnose', '--json'], text);
    expect(fromFile.status).toBe(0);
    const d = JSON.parse(fromFile.out) as {
      causes: { id: string; evidence: { line: number }[] }[];
      signals: { versions: Record<string, string> };
    };
    expect(d.causes[0]!.id).toBe('gpu-oom');
    expect(d.causes[0]!.evidence.map((e) => e.line)).toContain(lines.length);
    expect(d.signals.versions.torch).toBe('2.1.0+cu118');
    expect(fromFile.out).toBe(fromStdin.out);
  });
});

describe('crashbot diagnose on endless binary input', () => {
  it('GIVEN /dev/zero THEN it stops at the binary verdict, says so and exits 3', async () => {
    const r = await runInProcess(['diagnose', '/dev/zero']);
    expect(r.status).toBe(3);
    expect(r.err).toBe('crashbot diagnose: /dev/zero looks like a binary file, not a text log\n');
  });
});

describe('crashbot exit-code and help', () => {
  it.each([
    ['-1073740791', 'STATUS_STACK_BUFFER_OVERRUN'],
    ['0xC0000374', 'STATUS_HEAP_CORRUPTION'],
    ['137', 'SIGKILL'],
    ['-11', 'SIGSEGV'],
    ['-0x3ffffffb', 'STATUS_ACCESS_VIOLATION'],
  ])('GIVEN exit-code %s THEN it names %s', async (code, name) => {
    const r = await runInProcess(['exit-code', code, '--json']);
    expect(r.status).toBe(0);
    expect((JSON.parse(r.out) as { exitCode: { name: string } }).exitCode.name).toBe(name);
  });

  it('GIVEN exit-code with nonsense THEN exit 2', async () => {
    const r = await runInProcess(['exit-code', 'hello']);
    expect(r.status).toBe(2);
  });

  it('GIVEN help THEN every command is listed', async () => {
    const r = await runInProcess(['help']);
    for (const c of ['diagnose', 'exit-code', 'knowledge check', 'start']) expect(r.out).toContain(c);
  });
});
