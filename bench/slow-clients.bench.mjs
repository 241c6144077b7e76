// Slow clients against Slack HTTP mode: `crashbot start` (dist/, as npm start runs it)
// takes 300 connections that each send the headers of a Slack-looking POST and then
// trickle its body, while a legitimate signed mention arrives every half second. Each
// scenario runs on a fresh bot process, so its peak RSS (VmHWM) is its own:
//   declared-4MB   Content-Length 4 MiB, then 1 MiB trickled in 16 KiB pieces
//   declared-1MB   Content-Length 1 MiB (under the cap on one body), all of it trickled
//   chunked        chunked transfer encoding, 1 MiB trickled, no length announced
//   slow-headers   header lines one at a time, never finished
// For each: the bot's peak RSS, how many legitimate mentions were answered (HTTP 200 and
// the reply posted) and how fast, and what became of the slow clients (the status they
// were refused with, or closed). SLOW_CLIENTS (default 300), SLOW_SECONDS (default 15),
// SLOW_SCENARIOS (comma list), BENCH_CLI (another build, for a before/after figure).
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeSlack } from '../test/adapters/slack/fake/fake-slack.mjs';
import { eventEnvelope, postSigned } from '../test/adapters/slack/fake/signed.mjs';
import { CLI, memoryOf, startBot } from './crashbot-process.mjs';
import { OOM } from './logs.mjs';

const CLIENTS = Number(process.env.SLOW_CLIENTS ?? 300);
const SECONDS = Number(process.env.SLOW_SECONDS ?? 15);
const SECRET = 'slow-clients-bench-signing-secret';
const TEAM = 'T0SLOW';
const MiB = 1024 * 1024;
const PIECE = 16 * 1024;
const SCENARIOS = {
  'declared-4MB': { declared: 4 * MiB, send: MiB },
  'declared-1MB': { declared: MiB, send: MiB },
  chunked: { chunked: true, send: MiB },
  'slow-headers': { headersOnly: true },
};
const chosen = (process.env.SLOW_SCENARIOS ?? Object.keys(SCENARIOS).join(',')).split(',');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One slow client: resolves with what became of it (a status, `closed`, `reset`, or `open`). */
function slowClient(port, scenario, until) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let fate = null;
    let timer;
    const done = (what) => {
      if (fate) return;
      fate = what;
      clearInterval(timer);
      socket.destroy();
      resolve(what);
    };
    socket.on('data', (d) => done(/^HTTP\/1\.[01] (\d{3})/.exec(d.toString('latin1'))?.[1] ?? 'garbage'));
    socket.on('error', (err) => done(err.code === 'ECONNRESET' || err.code === 'EPIPE' ? 'reset' : err.code));
    socket.on('close', () => done('closed'));
    const ts = Math.floor(Date.now() / 1000);
    const lines = [
      'POST /slack/events HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `X-Slack-Request-Timestamp: ${ts}`,
      `X-Slack-Signature: v0=${'0'.repeat(64)}`,
      scenario.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${scenario.declared ?? 0}`,
    ];
    socket.on('connect', () => {
      if (scenario.headersOnly) {
        let i = 0;
        timer = setInterval(() => {
          if (Date.now() > until) return done('open');
          const line = i < lines.length ? lines[i] : `X-Filler-${i}: ${'a'.repeat(40)}`;
          i++;
          socket.write(`${line}\r\n`);
        }, 500);
        return;
      }
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      let sent = 0;
      const piece = Buffer.alloc(PIECE, 0x20);
      // The whole body over about two thirds of the run: a slow client, not a flood.
      const every = Math.max(20, Math.floor((SECONDS * 1000 * 0.66) / (scenario.send / PIECE)));
      timer = setInterval(() => {
        if (Date.now() > until) return done('open');
        if (sent >= scenario.send) return;
        sent += PIECE;
        if (scenario.chunked) socket.write(`${PIECE.toString(16)}\r\n`);
        socket.write(piece);
        if (scenario.chunked) socket.write('\r\n');
      }, every);
    });
  });
}

async function runScenario(name, scenario) {
  const fake = await FakeSlack.start({ teamId: TEAM });
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-slow-bench-'));
  const bot = startBot({
    dir,
    env: {
      SLACK_BOT_TOKEN: fake.botToken,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: fake.apiUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      CRASHBOT_DB_PATH: join(dir, 'slow.sqlite'),
      CRASHBOT_USER_SALT: 'slow-clients-bench',
      CRASHBOT_RATE_USER_PER_MINUTE: '0',
      CRASHBOT_RATE_CHANNEL_PER_MINUTE: '0',
      LOG_LEVEL: 'error',
    },
  });
  try {
    const { port, eventsUrl } = await bot.started;
    const baseKb = memoryOf(bot.pid).rssKb;
    const until = Date.now() + SECONDS * 1000;
    const clients = Array.from({ length: CLIENTS }, () => slowClient(port, scenario, until));
    let peakKb = 0;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, memoryOf(bot.pid).rssKb || 0);
    }, 100);
    const legit = { sent: 0, acked: 0, answered: 0, statuses: {}, ackMs: [], answerMs: [] };
    const pending = [];
    let n = 0;
    while (Date.now() < until - 1000) {
      await sleep(500);
      const ts = `1730000000.${String(++n).padStart(6, '0')}`;
      const event = {
        type: 'app_mention',
        channel: 'C0SLOW',
        channel_type: 'channel',
        user: 'U0ANA',
        text: `<@U0CRASHBOT> ${OOM.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`,
        ts,
        event_ts: ts,
        team: TEAM,
      };
      const body = JSON.stringify(eventEnvelope(event, { teamId: TEAM, eventId: `EvSlow${n}` }));
      const sentAt = performance.now();
      legit.sent++;
      pending.push(
        postSigned(eventsUrl, body, { secret: SECRET, contentType: 'application/json' })
          .then(async (res) => {
            legit.statuses[res.status] = (legit.statuses[res.status] ?? 0) + 1;
            if (res.status !== 200) return;
            legit.acked++;
            legit.ackMs.push(performance.now() - sentAt);
            await fake.waitFor(
              () => fake.callsTo('chat.postMessage').some((c) => c.args.thread_ts === ts),
              10_000,
              'the reply',
            );
            legit.answered++;
            legit.answerMs.push(performance.now() - sentAt);
          })
          .catch((err) => {
            const k = err.cause?.code ?? err.code ?? err.message;
            legit.statuses[k] = (legit.statuses[k] ?? 0) + 1;
          }),
      );
    }
    const fates = {};
    for (const f of await Promise.all(clients)) fates[f] = (fates[f] ?? 0) + 1;
    await Promise.all(pending);
    clearInterval(sampler);
    const mem = memoryOf(bot.pid);
    const alive = bot.exited() === null;
    const hwm = Number.isFinite(mem.hwmKb) ? mem.hwmKb : peakKb;
    legit.ackMs.sort((a, b) => a - b);
    legit.answerMs.sort((a, b) => a - b);
    const ms = (x) => (x === undefined ? 'n/a' : `${x.toFixed(0)} ms`);
    console.log(
      `slow-clients ${name}: ${CLIENTS} slow clients for ${SECONDS} s; bot ${alive ? 'alive' : `EXITED ${JSON.stringify(bot.exited())}`}; peak RSS ${(hwm / 1024).toFixed(0)} MB (VmHWM; ${(baseKb / 1024).toFixed(0)} MB before the clients came)`,
    );
    console.log(
      `slow-clients ${name}: legitimate mentions ${legit.answered}/${legit.sent} answered (HTTP ${JSON.stringify(legit.statuses)}), ack p50 ${ms(pct(legit.ackMs, 50))} max ${ms(legit.ackMs.at(-1))}, reply p50 ${ms(pct(legit.answerMs, 50))} max ${ms(legit.answerMs.at(-1))}`,
    );
    console.log(`slow-clients ${name}: the slow clients ended ${JSON.stringify(fates)}`);
    return { name, alive, peakMb: hwm / 1024, answered: legit.answered, sent: legit.sent };
  } finally {
    await bot.stop();
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`slow-clients: ${CLI}; the machine is shared, so figures vary between runs`);
const results = [];
for (const name of chosen) {
  const scenario = SCENARIOS[name];
  if (!scenario) {
    console.error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
    process.exit(2);
  }
  results.push(await runScenario(name, scenario));
}
const worst = Math.max(...results.map((r) => r.peakMb));
const allAnswered = results.every((r) => r.alive && r.answered === r.sent);
console.log(
  `slow-clients: aims: peak RSS under 300 MB ${worst < 300 ? 'met' : 'NOT met'} (worst ${worst.toFixed(0)} MB), every legitimate mention answered ${allAnswered ? 'met' : 'NOT met'}`,
);
