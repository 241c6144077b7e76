// Slack front end benchmark: event-to-reply latency over loopback and the app's peak
// RSS. A fake Slack runs here; the crashbot Slack app (from dist/) runs in a child
// process so its RSS is its own. Mentions carrying real-shaped crash logs arrive at a
// fixed rate (open loop: no waiting for replies); latency runs from sending the event
// to the fake receiving the thread reply. Both transports: HTTP mode, then Socket Mode.
// A warm-up at the same rate comes first (the JIT, the SQLite page cache); its figures
// are printed apart, the first event's latency among them.
//   BENCH_SLACK_RATE (events/s, default 50), BENCH_SLACK_SECONDS (default 30),
//   BENCH_SLACK_WARMUP (seconds, default 3), BENCH_SLACK_DIR (where the SQLite store
//   lives, default the temp folder; /dev/shm takes the disk out of the figures)
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeSlack } from '../test/adapters/slack/fake/fake-slack.mjs';
import { eventEnvelope, postSigned } from '../test/adapters/slack/fake/signed.mjs';
import { CUDNN, NCCL, OOM } from './logs.mjs';

const RATE = Number(process.env.BENCH_SLACK_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SLACK_SECONDS ?? 30);
const WARMUP = Number(process.env.BENCH_SLACK_WARMUP ?? 3);
const SECRET = 'bench-signing-secret';
const TEAM = 'T0BENCH';

const LOGS = [OOM, CUDNN, NCCL];

if (process.argv[2] === 'app') await runApp(JSON.parse(process.argv[3]));
else await runDriver();

/** The child: crashbot's Slack app against the fake, until told to stop. */
async function runApp({ transport, apiUrl, botToken, appToken }) {
  const [{ loadKnowledge }, { openStore }, { createBot }, { startSlackApp }] = await Promise.all([
    import('../dist/knowledge/load.js'),
    import('../dist/store/open.js'),
    import('../dist/app/bot.js'),
    import('../dist/adapters/slack/app.js'),
  ]);
  const loaded = loadKnowledge();
  if (!loaded.ok) throw new Error('knowledge/ does not load');
  const dir = mkdtempSync(join(process.env.BENCH_SLACK_DIR ?? tmpdir(), 'crashbot-slack-bench-'));
  const opened = await openStore({
    store: { kind: 'sqlite', path: join(dir, 'bench.sqlite') },
    userSalt: 'bench',
  });
  if (!opened.ok) throw opened.error;
  const bot = createBot({
    kb: loaded.kb,
    store: opened.store,
    now: () => new Date(),
    timezone: 'UTC',
    maxLogBytes: 5 << 20,
  });
  const running = await startSlackApp({
    bot,
    kb: loaded.kb,
    store: opened.store,
    botToken,
    transport:
      transport === 'http'
        ? { kind: 'http', signingSecret: SECRET, port: 0, host: '127.0.0.1' }
        : { kind: 'socket', appToken },
    apiUrl,
    maxLogBytes: 5 << 20,
    write: (t) => process.stderr.write(t),
    logLevel: 'warn',
  });
  // The driver gone (killed, crashed): nothing is left to measure.
  process.on('disconnect', () => process.exit(1));
  process.on('message', async (m) => {
    if (m !== 'stop') return;
    await running.stop();
    await opened.store.close();
    rmSync(dir, { recursive: true, force: true });
    process.send({ maxRssKb: process.resourceUsage().maxRSS }, () => process.exit(0));
  });
  process.send({ port: running.port });
}

async function runDriver() {
  for (const transport of ['http', 'socket']) await runOnce(transport);
}

async function runOnce(transport) {
  const fake = await FakeSlack.start({ teamId: TEAM });
  const child = fork(fileURLToPath(import.meta.url), [
    'app',
    JSON.stringify({ transport, apiUrl: fake.apiUrl, botToken: fake.botToken, appToken: fake.appToken }),
  ]);
  const messages = [];
  const waiters = [];
  child.on('message', (m) => (waiters.length ? waiters.shift()(m) : messages.push(m)));
  const nextMessage = () => new Promise((r) => (messages.length ? r(messages.shift()) : waiters.push(r)));
  const { port } = await nextMessage();

  const sentAt = new Map();
  const latencies = [];
  let seenCalls = 0;
  fake.on('change', () => {
    const at = performance.now();
    for (; seenCalls < fake.calls.length; seenCalls++) {
      const c = fake.calls[seenCalls];
      if (c.method !== 'chat.postMessage') continue;
      const started = sentAt.get(c.args.thread_ts);
      if (started === undefined) continue;
      sentAt.delete(c.args.thread_ts);
      latencies.push(at - started);
    }
  });

  let failures = 0;
  let sent = 0;
  const deliver = (envelope) =>
    transport === 'http'
      ? postSigned(`http://127.0.0.1:${port}/slack/events`, JSON.stringify(envelope), {
          secret: SECRET,
          contentType: 'application/json',
        }).then((r) => r.status === 200 || failures++)
      : fake.socket.send('events_api', envelope);
  /** Sends `count` mentions at RATE, then waits (at most 10 s) for their replies. */
  const phase = async (count) => {
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const n = sent++;
      const ts = `1720000000.${String(n).padStart(6, '0')}`;
      const event = {
        type: 'app_mention',
        channel: `C0BENCH${n % 10}`,
        user: `U0USER${n % 25}`,
        text: `<@U0CRASHBOT> it crashed:\n\`\`\`${LOGS[n % LOGS.length]}\`\`\``,
        ts,
        event_ts: ts,
      };
      sentAt.set(ts, performance.now());
      deliver(eventEnvelope(event, { teamId: TEAM, eventId: `EvBench${n}` })).catch(() => failures++);
    }
    const deadline = performance.now() + 10_000;
    while (sentAt.size > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return (performance.now() - start) / 1000;
  };

  await phase(Math.round(RATE * WARMUP));
  const warm = latencies.splice(0);
  const first = warm[0] ?? Number.NaN;
  warm.sort((a, b) => a - b);
  const warmMissing = sentAt.size;
  sentAt.clear();
  const total = RATE * SECONDS;
  const t0 = performance.now();
  await phase(total);
  const elapsed = (performance.now() - t0) / 1000;
  child.send('stop');
  const { maxRssKb } = await nextMessage();
  await fake.stop();

  latencies.sort((a, b) => a - b);
  const pct = (p, xs = latencies) =>
    xs[Math.min(xs.length - 1, Math.floor(p * (xs.length - 1)))] ?? Number.NaN;
  const label = transport === 'http' ? 'slack http mode' : 'slack socket mode';
  console.log(
    `${label}: warm-up ${warm.length + warmMissing} mentions over ${WARMUP} s: first reply ${first.toFixed(1)} ms, p50 ${pct(0.5, warm).toFixed(1)} ms, p99 ${pct(0.99, warm).toFixed(1)} ms, ${warmMissing} missing`,
  );
  console.log(
    `${label}: ${total} mentions at ${RATE}/s over ${elapsed.toFixed(1)} s; ${latencies.length} replies, ${sentAt.size} missing, ${failures} delivery failures`,
  );
  console.log(
    `${label}: event-to-reply latency p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms, max ${pct(1).toFixed(1)} ms`,
  );
  console.log(
    `${label}: app peak RSS ${(maxRssKb / 1024).toFixed(0)} MB (SQLite store in ${process.env.BENCH_SLACK_DIR ?? tmpdir()})`,
  );
}
