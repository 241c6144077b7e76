// kill -9 while the bot stores diagnoses on SQLite: every reply the fake Slack took
// with a record id (acknowledged) is in the file after the kill, the file passes
// PRAGMA integrity_check, and the restarted bot keeps answering and storing.
// DURABILITY_CYCLES (default 2) sets the kill cycles; `npm run durability` runs more.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { acknowledged, startBot, TEAM, unrecorded } from './bot-process.js';
import { acknowledgedAtLeast, sendLoad } from './load.js';
import { figures } from './report.js';

const CYCLES = Number(process.env.DURABILITY_CYCLES ?? 2);
const PER_CYCLE = 200;

function storedIds(path: string): { ids: Set<number>; integrity: string; links: string[] } {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db.prepare('SELECT id, message_link FROM crash_records').all() as {
      id: number;
      message_link: string;
    }[];
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    return { ids: new Set(rows.map((r) => r.id)), integrity, links: rows.map((r) => r.message_link) };
  } finally {
    db.close();
  }
}

describe('kill -9 while storing diagnoses (SQLite)', () => {
  let dir: string;
  let fake: FakeSlack;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crashbot-durability-'));
    fake = await FakeSlack.start({ teamId: TEAM });
  });
  afterAll(async () => {
    await fake?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'GIVEN the bot killed mid-load THEN every acknowledged diagnosis is stored, the file is intact and the restarted bot keeps working',
    async () => {
      const path = join(dir, 'crashbot.sqlite');
      let sent = 0;
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const bot = await startBot(fake, { sqlite: path }, dir);
        let killed = false;
        const before = acknowledged(fake).size;
        const load = sendLoad({
          fake,
          port: bot.port,
          from: cycle * PER_CYCLE,
          count: PER_CYCLE,
          stopWhen: () => killed,
        });
        // Kill once a few replies are out, with more diagnoses under way.
        await acknowledgedAtLeast(fake, before + 3 + (cycle % 5));
        await bot.kill();
        killed = true;
        sent += (await load).sent;

        const acked = acknowledged(fake);
        const stored = storedIds(path);
        expect(stored.integrity).toBe('ok');
        const lost = [...acked.values()].filter((id) => !stored.ids.has(id));
        expect(lost, `acknowledged but not stored after cycle ${cycle}`).toEqual([]);
        expect(new Set(stored.links).size, 'a message stored twice').toBe(stored.links.length);
      }

      const bot = await startBot(fake, { sqlite: path }, dir);
      const before = acknowledged(fake).size;
      await sendLoad({ fake, port: bot.port, from: CYCLES * PER_CYCLE, count: 2, concurrency: 1 });
      await acknowledgedAtLeast(fake, before + 2);
      await bot.stop();
      const acked = acknowledged(fake);
      const stored = storedIds(path);
      expect(stored.integrity).toBe('ok');
      expect([...acked.values()].every((id) => stored.ids.has(id))).toBe(true);
      figures('sqlite kill -9', {
        cycles: CYCLES,
        sent,
        acknowledged: acked.size,
        stored: stored.ids.size,
        repliedWithoutRecord: unrecorded(fake).length,
      });
    },
    60_000 + CYCLES * 15_000,
  );
});
