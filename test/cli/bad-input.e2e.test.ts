// The real executable on hostile input: each case ends with a clear result or a
// one-line message and the documented exit status. The big inputs run under a 64 MB
// JavaScript heap, which a 200 MB file or a 10 MB line would blow through if they were
// ever held whole: passing proves the input is streamed.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, runBuilt } from '../helpers/cli.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crashbot-bad-'));
});

const SMALL_HEAP = ['--max-old-space-size=64'];

function writeBig(path: string, megabytes: number, line: string, last: string): void {
  const fd = openSync(path, 'w');
  const block = Buffer.from(line.repeat(Math.ceil((1 << 20) / line.length)).slice(0, 1 << 20));
  for (let i = 0; i < megabytes; i++) writeSync(fd, block);
  writeSync(fd, Buffer.from(last));
  closeSync(fd);
}

function json(stdout: string): {
  causes: { id: string }[];
  input: { lines: number; invalidUtf8: number; bytes: number };
} {
  return JSON.parse(stdout);
}

describe('crashbot diagnose on bad input', () => {
  it('GIVEN empty input THEN exit 0, no cause, and what to paste next', () => {
    const r = runBuilt(['diagnose', '--json'], { input: '' });
    expect(r.status).toBe(0);
    const d = json(r.stdout) as ReturnType<typeof json> & { next: string[] };
    expect(d.causes).toEqual([]);
    expect(d.next.length).toBeGreaterThan(0);
  });

  it('GIVEN a binary file THEN exit 3 and one line saying it is not a text log', () => {
    const file = join(dir, 'model.bin');
    writeFileSync(file, Buffer.from(Array.from({ length: 65536 }, (_, i) => (i * 2654435761) % 256)));
    const r = runBuilt(['diagnose', file]);
    expect(r.status).toBe(3);
    expect(r.stderr.trim()).toMatch(/looks like a binary file, not a text log$/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('GIVEN invalid UTF-8 in and around the error THEN the error is still found and the bad bytes in it counted', () => {
    const bytes = Buffer.concat([
      Buffer.from('log \xff\xfe start\n', 'latin1'),
      Buffer.from([0xc3, 0x28, 0x0a]),
      Buffer.from('RuntimeError: CUDA error: device-side assert triggered '),
      Buffer.from([0xe2, 0x82, 0x0a]),
    ]);
    const r = runBuilt(['diagnose', '--json'], { input: bytes });
    expect(r.status).toBe(0);
    const d = json(r.stdout);
    expect(d.causes[0]?.id).toBe('device-side-assert');
    expect(d.input.invalidUtf8).toBeGreaterThan(0);
  });

  it('GIVEN a 200 MB noisy log with the error at the end THEN it is read in bounded memory and the error found', () => {
    const file = join(dir, 'big.log');
    writeBig(
      file,
      200,
      'Epoch 3/90 1200/5000 [=====>....] - ETA: 9:01 - loss: 0.4521 - acc: 0.8812\n',
      'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\n',
    );
    const r = runBuilt(['diagnose', '--json', file], { nodeArgs: SMALL_HEAP });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const d = json(r.stdout);
    expect(d.causes[0]?.id).toBe('gpu-oom');
    expect(d.input.bytes).toBeGreaterThan(200 * (1 << 20));
  });

  it('GIVEN a single 10 MB line with the error inside THEN it is read in bounded memory and the error found', () => {
    const file = join(dir, 'one-line.log');
    const noise = 'x=1 '.repeat(1_300_000);
    writeFileSync(file, `${noise}Segmentation fault (core dumped) ${noise}`);
    const r = runBuilt(['diagnose', '--json', file], { nodeArgs: SMALL_HEAP });
    expect(r.status).toBe(0);
    const d = json(r.stdout);
    expect(d.input.lines).toBe(1);
    expect(d.causes[0]?.id).toBe('segfault');
  });

  it.each([
    ['a UTF-16 byte-order mark', [0xff, 0xfe]],
    ['a UTF-8 byte-order mark', [0xef, 0xbb, 0xbf]],
  ])(
    'GIVEN %s then zero bytes without end on standard input THEN it stops at the binary verdict (exit 3)',
    async (_name, bom) => {
      const child = spawn(process.execPath, [CLI, 'diagnose'], { stdio: ['pipe', 'pipe', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
      });
      child.stdin.on('error', () => {});
      const status = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.stdin.write(Buffer.from(bom));
      const zeros = Buffer.alloc(64 * 1024);
      let sent = 0;
      // Like `cat /dev/zero`: more as long as the pipe takes it, until the process has answered.
      const feed = () => {
        while (child.exitCode === null && sent < 2 ** 31 && child.stdin.write(zeros)) sent += zeros.length;
      };
      child.stdin.on('drain', feed);
      feed();
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await status;
      clearTimeout(timer);
      expect(code).toBe(3);
      expect(err.trim()).toMatch(/looks like a binary file, not a text log$/);
    },
  );

  it('GIVEN a log with a NUL byte in its first lines THEN it is read as the log it is', () => {
    const log = `Epoch 1/10\n\u0000\u0000junk from a core file\n${'step 1 loss 0.3\n'.repeat(200)}RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\n`;
    const r = runBuilt(['diagnose', '--json'], { input: log });
    expect(r.status).toBe(0);
    expect(json(r.stdout).causes[0]?.id).toBe('gpu-oom');
  });
});
