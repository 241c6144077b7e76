// Random and adversarial input for the CLI, run in-process through runCli: random argv
// for every command, random bytes and text on stdin and in files for `diagnose`, and
// random codes for `exit-code`. Nothing throws (runCli would print "internal error"),
// every run ends with a documented exit status, and none hangs: each run gets a budget
// of 10 s plus 1 s per MB of input, a hard limit that only a hang reaches.
// A short budget runs in `npm test`; FUZZ_RUNS raises it (`npm run fuzz`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext, KnowledgeResult } from '../../src/cli/command.js';
import { runCli } from '../../src/cli/run.js';
import { loadKnowledge } from '../../src/knowledge/load.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const LONG = { timeout: 1_800_000 };
const STATUSES = [0, 1, 2, 3];

let kb: KnowledgeResult;
let dir: string;
const tally = { argv: 0, stdin: 0, files: 0, codes: 0, inputBytes: 0, crashes: 0 };

beforeAll(() => {
  kb = loadKnowledge();
  dir = mkdtempSync(join(tmpdir(), 'crashbot-cli-fuzz-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  console.log(`cli fuzz: ${JSON.stringify(tally)}`);
});

interface Run {
  status: number;
  out: string;
  err: string;
}

/** runCli with `stdin` as its standard input, within a budget proportional to the input's size. */
async function run(argv: string[], stdin: Uint8Array | string = ''): Promise<Run> {
  const input = Object.assign(new PassThrough(), { isTTY: false });
  input.end(typeof stdin === 'string' ? Buffer.from(stdin) : Buffer.from(stdin));
  let out = '';
  let err = '';
  const ctx: CommandContext = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    stdin: input,
    // The store of `summary` and `start` lives in the temp dir; nothing reaches the network.
    env: { CRASHBOT_DB_PATH: join(dir, 'fuzz.sqlite') },
    knowledge: async () => kb,
    now: () => new Date('2026-11-18T12:00:00Z'),
  };
  const bytes = typeof stdin === 'string' ? Buffer.byteLength(stdin) : stdin.length;
  tally.inputBytes += bytes;
  const budget = 10_000 + Math.ceil(bytes / 1000);
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`crashbot ${argv.join(' ')} ran past ${budget} ms`)), budget);
  });
  try {
    const status = await Promise.race([runCli(argv, ctx), hang]);
    return { status, out, err };
  } finally {
    clearTimeout(timer);
  }
}

function expectClean(r: Run): void {
  if (r.err.includes('internal error')) tally.crashes++;
  expect(r.err).not.toContain('internal error');
  expect(STATUSES).toContain(r.status);
}

const WORDS = [
  'diagnose',
  'check-env',
  'exit-code',
  'knowledge',
  'check',
  'start',
  'discord',
  'invite',
  'register',
  'summary',
  'help',
  '--help',
  '-h',
  '--version',
  '-V',
  '--json',
  '--format',
  '-f',
  'text',
  'markdown',
  'json',
  'png',
  'yaml',
  '--os',
  'linux',
  'windows',
  '--dir',
  '--quick',
  '--channel',
  '-c',
  'C0TRAIN',
  '--week',
  '2026-W47',
  '2026-W99',
  '--platform',
  'slack',
  '--workspace',
  '--guild',
  '123456789012345678',
  '--clear',
  '--application-id',
  '--',
  '-',
  '=',
  '--format=json',
  '-9',
  '137',
  '0xC0000409',
  '-1073740791',
  '',
  ' ',
  '\u0000',
  '--nope',
];

/** Tokens that could name a file to write (`summary --out`, `-o`) are dropped: the fuzz writes nowhere. */
const writesAFile = (t: string) => /^--o/.test(t) || /^-[^-]*o/.test(t);

const argvArb = fc
  .array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 12 }), fc.integer().map(String)), {
    maxLength: 8,
  })
  .map((a) => a.filter((t) => !writesAFile(t)));

const PIECES = [
  'Traceback (most recent call last):\n',
  'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\n',
  'Process finished with exit code -1073740791 (0xC0000409)\n',
  'torch 2.1.0+cu118\n',
  'Killed\n',
  '\x1b[31m',
  '\r',
  '\u0000',
  '((((',
  'é漢字🙂',
  `${'x'.repeat(5000)}\n`,
];

const textArb = fc.oneof(
  fc.string({ maxLength: 3000 }),
  fc.string({ unit: 'binary', maxLength: 3000 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 300 }).map((a) => a.join('')),
  fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 1, max: 2_000 })).map(([p, n]) => p.repeat(n)),
);
const bytesArb = fc.oneof(
  fc.uint8Array({ maxLength: 20_000 }),
  textArb.map((t) => new TextEncoder().encode(t)),
  // UTF-16 with a BOM, truncated multi-byte sequences, lone continuation bytes.
  textArb.map((t) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')])),
  fc.constantFrom(
    new Uint8Array([0xe6, 0xbc]),
    new Uint8Array([0x80, 0x80, 0x80]),
    new Uint8Array([0xef, 0xbb, 0xbf]),
  ),
);

describe('CLI fuzzing', () => {
  it(
    'GIVEN random argv for every command THEN it ends with a documented status and never throws',
    LONG,
    async () => {
      await fc.assert(
        fc.asyncProperty(argvArb, fc.string({ maxLength: 200 }), async (argv, stdin) => {
          tally.argv++;
          expectClean(await run(argv, stdin));
        }),
        { numRuns: RUNS },
      );
    },
  );

  it(
    'GIVEN random bytes on stdin THEN diagnose answers (0) or calls it unreadable (3), and --json is JSON',
    LONG,
    async () => {
      await fc.assert(
        fc.asyncProperty(bytesArb, fc.constantFrom('text', 'markdown', 'json'), async (bytes, format) => {
          tally.stdin++;
          const r = await run(['diagnose', '--format', format], bytes);
          expectClean(r);
          expect([0, 3]).toContain(r.status);
          if (r.status === 0 && format === 'json') expect(() => JSON.parse(r.out)).not.toThrow();
          if (r.status === 3) expect(r.err).toMatch(/^crashbot diagnose: .+\n$/);
        }),
        { numRuns: RUNS },
      );
    },
  );

  it('GIVEN random files THEN diagnose and check-env read them without a crash', LONG, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(bytesArb, fc.constantFrom('diagnose', 'check-env'), async (bytes, command) => {
        tally.files++;
        const file = join(dir, `in-${n++}.log`);
        writeFileSync(file, bytes);
        const r = await run([command, file, '--json']);
        expectClean(r);
        rmSync(file);
      }),
      { numRuns: RUNS },
    );
  });

  it('GIVEN random codes THEN exit-code decodes them (0) or says why not (2)', LONG, async () => {
    const code = fc.oneof(
      fc.integer().map(String),
      fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
      fc.integer({ min: 0, max: 0xffffffff }).map((n) => `0x${n.toString(16)}`),
      fc.integer({ min: 0, max: 0xffffffff }).map((n) => `0X${n.toString(16).toUpperCase()}`),
      fc.double().map(String),
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        '-0',
        '+137',
        '0x',
        '0x-1',
        '1e9',
        'NaN',
        'Infinity',
        '０x１',
        '١٣٧',
        '137 139',
        'STATUS_STACK_BUFFER_OVERRUN',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(code, { minLength: 1, maxLength: 3 }), fc.boolean(), async (codes, json) => {
        tally.codes++;
        const r = await run(['exit-code', ...(json ? ['--json'] : []), '--', ...codes]);
        expectClean(r);
        expect([0, 2]).toContain(r.status);
        if (r.status === 0 && json) expect(() => JSON.parse(r.out)).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });
});
