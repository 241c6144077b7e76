// Power loss on SQLite, simulated: a kill -9 cannot tell a store that syncs its commits
// from one that never does (the operating system keeps the dead process's writes either
// way), so this test runs the bot with fsync-snapshot.c preloaded, which keeps each file
// as of its last fsync. After the kill, those copies are what a machine that lost power
// would boot with; every diagnosis whose reply went out with its record id must be in
// them, and the file must pass integrity_check.
//
// With CRASHBOT_SQLITE_SYNCHRONOUS=full that holds. With syncs dropped (what
// synchronous=OFF does) the same check must find losses: proof that it can fail. The
// default, normal, is measured and reported (it may lose the commits since the WAL was
// last synced, never the file's integrity).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { acknowledged, startBot, TEAM } from './bot-process.js';
import { acknowledgedAtLeast, sendLoad } from './load.js';
import { figures } from './report.js';

const SHIM_SOURCE = fileURLToPath(new URL('./fsync-snapshot.c', import.meta.url));
const hasCc = spawnSync('cc', ['--version']).status === 0;
if (!hasCc && process.env.CI === 'true') throw new Error('the power-loss test needs a C compiler (cc)');

interface Outcome {
  acknowledged: number;
  durable: number;
  lost: number;
  integrity: string;
}

describe.skipIf(!hasCc)(
  'GIVEN power lost while the bot stores diagnoses (SQLite, simulated from fsyncs)',
  () => {
    let dir: string;
    let shim: string;
    let fake: FakeSlack;
    let from = 0;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'crashbot-power-'));
      shim = join(dir, 'fsync-snapshot.so');
      execFileSync('cc', ['-shared', '-fPIC', '-O2', '-o', shim, SHIM_SOURCE, '-ldl']);
      fake = await FakeSlack.start({ teamId: TEAM });
    });
    afterAll(async () => {
      await fake?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Runs the bot under the shim, kills it mid-load, and checks the post-power-loss image. */
    async function powerCut(name: string, env: Record<string, string>): Promise<Outcome> {
      const run = join(dir, name);
      mkdirSync(run);
      const path = join(run, 'crashbot.sqlite');
      const bot = await startBot(fake, { sqlite: path }, run, {
        LD_PRELOAD: shim,
        CRASHBOT_FSYNC_WATCH: path,
        ...env,
      });
      let killed = false;
      const before = new Set(acknowledged(fake).keys());
      const load = sendLoad({ fake, port: bot.port, from, count: 300, stopWhen: () => killed });
      from += 300;
      await acknowledgedAtLeast(fake, before.size + 40, 60_000);
      await bot.kill();
      killed = true;
      await load;
      const acked = [...acknowledged(fake)].filter(([thread]) => !before.has(thread)).map(([, id]) => id);

      // The machine boots with what was synced: the .durable copies, or nothing for a file never synced.
      const image = join(run, 'image');
      mkdirSync(image);
      for (const suffix of ['', '-wal'])
        if (existsSync(`${path}${suffix}.durable`))
          copyFileSync(`${path}${suffix}.durable`, join(image, `crashbot.sqlite${suffix}`));
      let ids = new Set<number>();
      let integrity = 'no database';
      if (existsSync(join(image, 'crashbot.sqlite'))) {
        const db = new Database(join(image, 'crashbot.sqlite'));
        try {
          integrity = String(db.pragma('integrity_check', { simple: true }));
          const hasTable = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'crash_records'`).get();
          if (hasTable)
            ids = new Set(
              (db.prepare('SELECT id FROM crash_records').all() as { id: number }[]).map((r) => r.id),
            );
        } finally {
          db.close();
        }
      }
      const lost = acked.filter((id) => !ids.has(id)).length;
      const outcome = { acknowledged: acked.length, durable: acked.length - lost, lost, integrity };
      figures(`sqlite power loss (${name})`, { ...outcome, intact: integrity === 'ok' ? 1 : 0 } as never);
      return outcome;
    }

    it('GIVEN CRASHBOT_SQLITE_SYNCHRONOUS=full THEN every acknowledged diagnosis survives and the file is intact', async () => {
      const o = await powerCut('full', { CRASHBOT_SQLITE_SYNCHRONOUS: 'full' });
      expect(o.acknowledged).toBeGreaterThanOrEqual(40);
      expect(o.integrity).toBe('ok');
      expect(o.lost).toBe(0);
    }, 120_000);

    it('GIVEN syncs dropped (synchronous=OFF) THEN the same check finds acknowledged diagnoses lost', async () => {
      const o = await powerCut('off', { CRASHBOT_SQLITE_SYNCHRONOUS: 'full', CRASHBOT_FSYNC_DROP: '1' });
      expect(o.acknowledged).toBeGreaterThanOrEqual(40);
      expect(o.lost).toBeGreaterThan(0);
    }, 120_000);

    it('GIVEN the default (normal) THEN the file is intact; what it may lose is reported', async () => {
      const o = await powerCut('normal', {});
      expect(o.acknowledged).toBeGreaterThanOrEqual(40);
      expect(['ok', 'no database']).toContain(o.integrity);
    }, 120_000);
  },
);
