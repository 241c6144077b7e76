// Discord front end benchmark: MESSAGE_CREATE-to-reply latency over loopback and the
// bot's peak RSS. The fake Discord (REST API and gateway) runs in this process; the bot
// (a real discord.js Client, the shared bot, a SQLite store) runs in a child process,
// so its RSS is its own. Mentions with real-shaped logs arrive at 50 events/s for 30 s
// (BENCH_DISCORD_RATE, BENCH_DISCORD_SECONDS); latency is from the dispatch of the
// event to the arrival of the bot's reply at the fake REST API.
import { fork } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ASSERT, LONG, OOM, WINDOWS } from './logs.mjs';

const RATE = Number(process.env.BENCH_DISCORD_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_DISCORD_SECONDS ?? 30);
/** Seconds of the same load before measuring: JIT, the classifier's first compile, SQLite's first pages. */
const WARMUP = Number(process.env.BENCH_DISCORD_WARMUP ?? 3);
/** Discord limits a channel to about 5 messages per 5 s: the load is spread over channels. */
const CHANNELS = Number(process.env.BENCH_DISCORD_CHANNELS ?? 50);

const LOGS = [`${OOM}\n`, `${ASSERT}\n`, WINDOWS, LONG];

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function runBot(apiUrl, token, dbPath, globalRequestsPerSecond, logPath) {
  const [{ createDiscordFrontEnd }, { createBot }, { loadKnowledge }, { openStore }] = await Promise.all([
    import('../dist/adapters/discord/front-end.js'),
    import('../dist/app/bot.js'),
    import('../dist/knowledge/load.js'),
    import('../dist/store/open.js'),
  ]);
  const kb = loadKnowledge();
  if (!kb.ok) throw new Error('knowledge base has problems');
  const config = {
    store: { kind: 'sqlite', path: dbPath },
    userSalt: 'bench',
    slack: null,
    discord: { token, applicationId: undefined, apiUrl, messageContent: false },
    timezone: 'UTC',
    maxLogBytes: 5 * 1024 * 1024,
    logLevel: 'info',
  };
  const opened = await openStore(config);
  if (!opened.ok) throw opened.error;
  const bot = createBot({
    kb: kb.kb,
    store: opened.store,
    now: () => new Date(),
    timezone: 'UTC',
    maxLogBytes: config.maxLogBytes,
  });
  const frontEnd = await createDiscordFrontEnd(
    { config, kb: kb.kb, bot, store: opened.store, log: (text) => appendFileSync(logPath, text) },
    { globalRequestsPerSecond },
  );
  const readyRssKb = process.resourceUsage().maxRSS;
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  process.send({ ready: true });
  process.on('message', async (m) => {
    if (!m.stop) return;
    lag.disable();
    await frontEnd.stop();
    await opened.store.close();
    const lagMs = { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 };
    process.send({ maxRssKb: process.resourceUsage().maxRSS, readyRssKb, lagMs });
    process.exit(0);
  });
}

/** One run against a fresh fake Discord and a fresh bot process; prints its figures under `label`. */
async function scenario(label, globalRps) {
  const { startFakeDiscord } = await import('../test/adapters/discord/fake/index.mjs');
  const fake = await startFakeDiscord({ extraChannels: CHANNELS });
  const channels = fake.world.channels.filter((c) => c.name.startsWith('load-')).map((c) => c.id);
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-discord-bench-'));
  const child = fork(fileURLToPath(import.meta.url), [
    '--bot',
    fake.apiUrl,
    fake.world.token,
    join(dir, 'bench.sqlite'),
    String(globalRps),
    join(dir, 'bot.log'),
  ]);
  const next = () => new Promise((resolve) => child.once('message', resolve));
  await next();

  const sentAt = new Map();
  const latencies = [];
  const done = new Set();
  fake.rest.onCall((c) => {
    const id = c.body?.message_reference?.message_id;
    if (c.method !== 'POST' || !id || done.has(id) || !sentAt.has(id)) return;
    done.add(id);
    latencies.push(c.at - sentAt.get(id));
  });

  /** Sends `count` mentions at RATE per second; `measured` ones are timed. */
  async function load(count, measured) {
    const interval = 1000 / RATE;
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const m = fake.postMessage({
        mentionBot: true,
        content: LOGS[i % LOGS.length],
        channelId: channels[i % channels.length],
      });
      if (measured) sentAt.set(m.id, performance.now());
    }
    return (performance.now() - start) / 1000;
  }
  await load(RATE * WARMUP, false);
  const total = RATE * SECONDS;
  const sendSeconds = await load(total, true);
  const deadline = Date.now() + 15_000;
  while (done.size < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

  child.send({ stop: true });
  const { maxRssKb, readyRssKb, lagMs } = await next();
  await fake.close();
  const botLog = existsSync(join(dir, 'bot.log')) ? readFileSync(join(dir, 'bot.log'), 'utf8') : '';
  rmSync(dir, { recursive: true, force: true });

  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (x) => (x === undefined ? 'n/a' : `${x.toFixed(1)} ms`);
  console.log(`\n${label}`);
  console.log(
    `discord: MESSAGE_CREATE to reply over loopback, ${RATE} events/s for ${SECONDS} s over ${CHANNELS} channels (${total} mentions with logs, sent in ${sendSeconds.toFixed(1)} s, after ${WARMUP} s of warm-up)`,
  );
  console.log(`discord replies received: ${done.size}/${total}`);
  console.log(`discord latency p50: ${ms(percentile(sorted, 50))}`);
  console.log(`discord latency p90: ${ms(percentile(sorted, 90))}`);
  console.log(`discord latency p99: ${ms(percentile(sorted, 99))}`);
  console.log(`discord latency max: ${ms(sorted.at(-1))}`);
  console.log(
    `discord bot peak RSS: ${(maxRssKb / 1024).toFixed(0)} MB (${(readyRssKb / 1024).toFixed(0)} MB once logged in)`,
  );
  console.log(`discord bot event-loop delay p99: ${lagMs.p99.toFixed(1)} ms, max ${lagMs.max.toFixed(1)} ms`);
  console.log(`discord machine load average (1 min) at the end: ${loadavg()[0].toFixed(2)}`);
  if (done.size < total) {
    process.exitCode = 1;
    const calls = fake.rest.calls.slice(-5).map((c) => `${c.method} ${c.path} ${c.status}`);
    console.log(`discord: missing replies; last REST calls: ${calls.join(', ')}`);
    console.log(`discord: the bot's log ends with:\n${botLog.split('\n').slice(-15).join('\n')}`);
  }
}

async function main() {
  // At 50 replies/s the bot sits exactly at Discord's global limit of 50 requests/s,
  // which discord.js enforces by queueing: the first run shows that, the second the
  // bot's own latency with the limit Discord grants larger bots.
  await scenario("With Discord's default global limit (50 requests/s, enforced by discord.js):", 50);
  await scenario('With a raised global limit (500 requests/s), the bot alone:', 500);
}

if (process.argv[2] === '--bot') {
  const [apiUrl, token, dbPath, globalRps, logPath] = process.argv.slice(3);
  await runBot(apiUrl, token, dbPath, Number(globalRps), logPath);
} else {
  await main();
}
