import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, inject, it } from 'vitest';
import type { CommandContext } from '../../../src/cli/command.js';
import { summaryCommand } from '../../../src/cli/commands/summary.js';
import { backends } from '../../store/backends.js';
import type { FreshDatabase } from '../../store/contract.js';
import { channelA, channelB, makeDiagnosis, meta } from '../../store/fixtures.js';
import { darkPixels, decodePng } from './png-decode.js';

function context(db: FreshDatabase, now: string) {
  const out: string[] = [];
  const err: string[] = [];
  const env: Record<string, string> =
    db.config.store.kind === 'postgres'
      ? { DATABASE_URL: db.config.store.url, CRASHBOT_USER_SALT: 'test-salt' }
      : { CRASHBOT_DB_PATH: db.config.store.path };
  const ctx: CommandContext = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    stdin: Readable.from([]),
    env,
    knowledge: async () => ({ ok: false, problems: [] }),
    now: () => new Date(now),
  };
  return { ctx, out, err };
}

for (const backend of backends(inject('pgUrl'))) {
  describe(`crashbot summary on ${backend.name}`, () => {
    async function seeded() {
      const db = await backend.fresh();
      const store = await db.open();
      const oom = makeDiagnosis({
        cause: 'gpu-oom',
        evidence: ['CUDA out of memory. Tried to allocate 2 GiB'],
        framework: 'pytorch',
      });
      await store.recordDiagnosis(oom, meta(channelA, '2026-11-10T10:00:00Z'));
      await store.recordDiagnosis(oom, meta(channelA, '2026-11-17T10:00:00Z'));
      await store.recordDiagnosis(oom, meta(channelA, '2026-11-18T10:00:00Z', 'U2'));
      await store.recordDiagnosis(oom, meta({ ...channelB, channel: 'C0001' }, '2026-11-18T10:00:00Z'));
      await store.close();
      return db;
    }

    it.each([
      [
        'text',
        ['--channel', 'C0001', '--platform', 'slack', '--week', '2026-W47'],
        'Crash summary 2026-W47: 2 crashes',
      ],
      [
        'markdown',
        ['--channel', 'C0001', '--platform', 'slack', '--week', '2026-W47', '--format', 'markdown'],
        'Crash summary 2026-W47',
      ],
      [
        'the default week',
        ['--channel', 'C0001', '--workspace', 'T0001'],
        'Crash summary 2026-W47: 2 crashes',
      ],
    ])('GIVEN %s THEN it prints the summary and exits 0', async (_name, args, expected) => {
      const db = await seeded();
      try {
        const { ctx, out, err } = context(db, '2026-11-25T12:00:00Z');
        expect(await summaryCommand.run(args, ctx)).toBe(0);
        expect(err).toEqual([]);
        expect(out.join('')).toContain(expected);
      } finally {
        await db.dispose();
      }
    });

    it('GIVEN --format json THEN the output is the summary as JSON', async () => {
      const db = await seeded();
      try {
        const { ctx, out } = context(db, '2026-11-25T12:00:00Z');
        expect(
          await summaryCommand.run(
            ['-c', 'C0001', '--platform', 'slack', '-w', '2026-W47', '-f', 'json'],
            ctx,
          ),
        ).toBe(0);
        expect(JSON.parse(out.join(''))).toMatchObject({
          channel: channelA,
          week: '2026-W47',
          crashes: 2,
          previousCrashes: 1,
          people: 2,
        });
      } finally {
        await db.dispose();
      }
    });

    it('GIVEN --format png --out FILE THEN the chart is written with its text drawn', async () => {
      const db = await seeded();
      try {
        const file = join(mkdtempSync(join(tmpdir(), 'crashbot-cli-')), 'chart.png');
        const { ctx } = context(db, '2026-11-25T12:00:00Z');
        expect(
          await summaryCommand.run(
            ['-c', 'C0001', '--platform', 'slack', '-w', '2026-W47', '-f', 'png', '-o', file],
            ctx,
          ),
        ).toBe(0);
        const img = decodePng(readFileSync(file));
        expect(darkPixels(img, { x: 90, y: 25, w: 600, h: 45 })).toBeGreaterThan(1000);
      } finally {
        await db.dispose();
      }
    });

    it.each([
      ['no channel', [], 'give the channel'],
      ['a bad week', ['-c', 'C0001', '-w', '2026-47'], 'is not an ISO week'],
      ['a bad format', ['-c', 'C0001', '-f', 'pdf'], 'unknown format'],
      ['png without --out', ['-c', 'C0001', '-f', 'png'], 'add --out'],
      ['an unknown channel', ['-c', 'C9999'], 'no crashes or settings'],
      ['an ambiguous channel', ['-c', 'C0001'], 'add --platform'],
    ])('GIVEN %s THEN it is a usage error (exit 2)', async (_name, args, message) => {
      const db = await seeded();
      try {
        const { ctx, err } = context(db, '2026-11-25T12:00:00Z');
        expect(await summaryCommand.run(args, ctx)).toBe(2);
        expect(err.join('')).toContain(message);
      } finally {
        await db.dispose();
      }
    });
  });
}
