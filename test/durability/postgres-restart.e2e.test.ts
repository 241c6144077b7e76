// A PostgreSQL restart under load: the bot (built dist/, Slack HTTP mode) keeps
// running while its database is stopped (fast, then immediate) and started again,
// reconnects, and every acknowledged diagnosis is in the database afterwards.
// Without PostgreSQL installed this is skipped, except in CI.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/errors.js';
import { openPostgresDb } from '../../src/store/postgres-db.js';
import { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../setup/pg-cluster.mjs';
import { acknowledged, pause, startBot, TEAM, unrecorded, until } from './bot-process.js';
import { acknowledgedAtLeast, requestsDuring, sendLoad } from './load.js';
import { figures } from './report.js';

const RESTARTS = Number(process.env.DURABILITY_RESTARTS ?? 2);
const available = findPostgresBin() !== null || process.env.CI === 'true';

describe.skipIf(!available)('a PostgreSQL restart under load', () => {
  let dir: string;
  let fake: FakeSlack;
  let server: ThrowawayPostgres;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crashbot-durability-pg-'));
    fake = await FakeSlack.start({ teamId: TEAM });
    server = await startThrowawayPostgres({ durable: true });
  });
  afterAll(async () => {
    await fake?.stop();
    server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'GIVEN the database stopped and started while diagnoses come in THEN the bot survives, reconnects and loses no acknowledged diagnosis',
    async () => {
      const bot = await startBot(fake, { postgres: server.url }, dir);
      let done = false;
      const load = sendLoad({
        fake,
        port: bot.port,
        from: 0,
        count: 100_000,
        concurrency: 3,
        gapMs: 20,
        stopWhen: () => done,
      });
      let duringOutage = 0;
      for (let i = 0; i < RESTARTS; i++) {
        await acknowledgedAtLeast(fake, acknowledged(fake).size + 5);
        const haltAt = Date.now();
        await server.halt(i % 2 === 0 ? 'fast' : 'immediate');
        await pause(500);
        await server.resume();
        // Requests sent, or still waiting for their answer, while the database was down
        // (the bot may hold their acknowledgement until the store answers again).
        duringOutage += requestsDuring(load.spans, haltAt, Date.now());
      }
      // Diagnoses kept arriving while the database was down.
      expect(duringOutage).toBeGreaterThan(0);
      // After the last restart, the bot is storing again.
      await acknowledgedAtLeast(fake, acknowledged(fake).size + 5);
      done = true;
      const { sent, threads } = await load;
      // Every event taken gets its reply (with or without a record) before the check.
      const unanswered = () =>
        threads.filter((t) => !acknowledged(fake).has(t) && !unrecorded(fake).includes(t));
      await until(() => unanswered().length === 0, 30_000, 'a reply to every event').catch((e: Error) => {
        throw new Error(`${e.message}: ${unanswered().join(', ')}\n${bot.log().slice(-3000)}`);
      });
      await bot.stop();
      expect(bot.log()).not.toMatch(/Unhandled|uncaught/i);
      // The outage is in the bot's log, once per statement, not once per retry.
      expect(bot.log()).toMatch(/^store: .+; retrying$/m);

      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const rows = (await client.query('SELECT id, message_link FROM crash_records')).rows as {
        id: string;
        message_link: string;
      }[];
      await client.end();
      const ids = new Set(rows.map((r) => Number(r.id)));
      const acked = acknowledged(fake);
      expect([...acked.values()].filter((id) => !ids.has(id))).toEqual([]);
      expect(new Set(rows.map((r) => r.message_link)).size, 'a message stored twice').toBe(rows.length);
      figures('postgres restart', {
        restarts: RESTARTS,
        sent,
        sentDuringOutage: duringOutage,
        acknowledged: acked.size,
        stored: ids.size,
        repliedWithoutRecord: unrecorded(fake).length,
      });
    },
    60_000 + RESTARTS * 20_000,
  );

  it('GIVEN the database stays down THEN a statement fails within the retry budget with STORE_UNAVAILABLE, and works once it is back', async () => {
    const retries: string[] = [];
    const db = openPostgresDb(server.url, { retryForMs: 1_000, onRetry: (r) => retries.push(r.error) });
    try {
      expect(await db.all('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await server.halt('fast');
      const failed = await db.all('SELECT 1 AS one').catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(StoreError);
      expect((failed as StoreError).code).toBe('STORE_UNAVAILABLE');
      expect(retries.length).toBeGreaterThan(1);
      await server.resume();
      expect(await db.all('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});
