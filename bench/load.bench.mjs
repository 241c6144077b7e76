// Sustained load: one crashbot instance (`crashbot start` from dist/, Slack HTTP mode,
// SQLite store, health and metrics on) takes a mixed stream of signed Slack requests
// over loopback at a fixed rate (open loop: sending never waits for replies):
//   40% mentions with a pasted log       -> a thread reply (chat.postMessage)
//   20% `/crash CODE` slash commands     -> an answer on the command's response_url
//   25% crash output in listening channels -> a thread reply
//   15% ordinary talk in listening channels -> no reply at all
// Latency runs from sending the request to the fake Slack receiving the answer.
// Errors: non-2xx answers to our requests, answers that never came, and answers that
// should not exist (a reply to ordinary talk, a reply to nothing we sent). Peak RSS is
// the bot process's VmHWM from /proc/<pid>/status (Linux); its RSS is also sampled each
// second. The bot's CPU time per event tells how many events/s one core carries, which
// matters more than the latency when other work shares the machine. /metrics is scraped
// at the end.
// The abuse limits are off for the run (CRASHBOT_RATE_*=0, cool-down 0): the load comes
// from a handful of users and channels, which the limits would rightly refuse.
//   LOAD_RATE (events/s, default 200), LOAD_SECONDS (default 60), LOAD_WARMUP (seconds
//   at the same rate before measuring, default 3), LOAD_DIR (where the SQLite store
//   lives, default the temp folder), LOAD_NODE_ARGS (node options for the bot),
//   CRASHBOT_SQLITE_SYNCHRONOUS (passed to the bot: normal or full)
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeSlack } from '../test/adapters/slack/fake/fake-slack.mjs';
import { commandForm, eventEnvelope, sign } from '../test/adapters/slack/fake/signed.mjs';
import { cpuSecondsOf, memoryOf, npmStartNodeArgs, startBot } from './crashbot-process.mjs';
import { ASSERT, CUDNN, LONG, NCCL, OOM } from './logs.mjs';

const RATE = Number(process.env.LOAD_RATE ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP = Number(process.env.LOAD_WARMUP ?? 3);
for (const [name, value, min] of [
  ['LOAD_RATE', RATE, 1],
  ['LOAD_SECONDS', SECONDS, 1],
  ['LOAD_WARMUP', WARMUP, 0],
]) {
  if (!Number.isFinite(value) || value < min) {
    console.error(`${name} must be a number of at least ${min} (got ${process.env[name]})`);
    process.exit(2);
  }
}
const SECRET = 'load-bench-signing-secret';
const TEAM = 'T0LOAD';
const MENTION_CHANNELS = 20;
const LISTEN_CHANNELS = 10;
const USERS = 40;
/** After the last event, how long answers may still arrive. */
const DRAIN_MS = 15_000;
/** Ordinary talk must stay unanswered: replies are awaited this long past the drain. */
const QUIET_MS = 1_000;

const LOGS = [OOM, CUDNN, NCCL, ASSERT, LONG];
const CODES = ['137', '-1073740791', '0xC0000409', '139', '-9', '3221225477'];
const TALK = [
  'we might OOM with batch 64 on the 3090, should I drop to 32 or turn on gradient checkpointing?',
  'the segfault talk at the reading group was great, thanks for organising',
  'anyone know if the A100 node is free this afternoon?',
  'I fixed the CUDA error handling in the loader, PR is up for review',
];

/** The kind of the i-th event: a fixed, interleaved 8:4:5:3 pattern out of 20. */
const PATTERN = 'MCLMTLMCLMLTMCLMCLTM';
const KIND = { M: 'mention', C: 'command', L: 'listen', T: 'talk' };

const slackText = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const fake = await FakeSlack.start({ teamId: TEAM });
  const dir = mkdtempSync(join(process.env.LOAD_DIR ?? tmpdir(), 'crashbot-load-bench-'));
  const bot = startLoadBot(fake, dir);
  try {
    const { eventsUrl, metricsUrl } = await bot.started;
    await waitReady(metricsUrl);
    await run(fake, bot, eventsUrl, metricsUrl);
  } finally {
    await bot.stop();
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `crashbot start` as a child process, with the abuse limits off (see the top). */
function startLoadBot(fake, dir) {
  // The bot runs with the node options `npm start` gives it (package.json), then any of
  // LOAD_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = [...npmStartNodeArgs(), ...(process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  return startBot({
    dir,
    nodeArgs,
    env: {
      SLACK_BOT_TOKEN: fake.botToken,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: fake.apiUrl,
      PORT: '0',
      CRASHBOT_METRICS_PORT: '0',
      CRASHBOT_DB_PATH: join(dir, 'load.sqlite'),
      CRASHBOT_RATE_USER_PER_MINUTE: '0',
      CRASHBOT_RATE_CHANNEL_PER_MINUTE: '0',
      CRASHBOT_LISTEN_COOLDOWN_SECONDS: '0',
      LOG_LEVEL: 'warn',
      ...(process.env.CRASHBOT_SQLITE_SYNCHRONOUS && {
        CRASHBOT_SQLITE_SYNCHRONOUS: process.env.CRASHBOT_SQLITE_SYNCHRONOUS,
      }),
    },
  });
}

async function waitReady(metricsUrl) {
  const until = Date.now() + 30_000;
  for (;;) {
    const r = await fetch(`${metricsUrl}/readyz`).catch(() => null);
    if (r?.status === 200) return;
    if (Date.now() > until)
      throw new Error(`crashbot not ready after 30 s: ${r ? await r.text() : 'no answer'}`);
    await sleep(100);
  }
}

async function run(fake, bot, eventsUrl, metricsUrl) {
  const post = signedPoster(eventsUrl);
  let n = 0;
  const ts = () => `1720000000.${String(++n).padStart(6, '0')}`;

  // Listening on in the listening channels, through the command as a person would: a
  // workspace admin, whom Slack's users.info names as one (only they or a channel's
  // creator may change its settings).
  fake.roles.set('U0ADMIN', 'admin');
  for (let c = 0; c < LISTEN_CHANNELS; c++) {
    const r = await post(
      commandForm(command('listen on', fake.responseUrl(), `C0LISTEN${c}`, 'U0ADMIN')),
      'application/x-www-form-urlencoded',
    );
    if (r.status !== 200) throw new Error(`/crash listen on answered ${r.status}`);
  }
  await fake.waitFor(() => fake.responses.length >= LISTEN_CHANNELS, 10_000, 'listening turned on');
  const refused = fake.responses.filter(
    (r) => !JSON.stringify(r).includes('Listening is on in this channel'),
  );
  if (refused.length)
    throw new Error(`/crash listen on was refused: ${JSON.stringify(refused[0]).slice(0, 300)}`);
  const setupResponses = fake.responses.length;

  /** Pending answers: key (thread ts or response_url path) -> { sentAt, kind, measured }. */
  const pending = new Map();
  const talk = new Set();
  const latencies = { all: [], mention: [], command: [], listen: [] };
  const errors = { status: 0, sendFailed: 0, unexpected: 0, replyToTalk: 0 };
  const counts = { sent: 0, answered: 0, mention: 0, command: 0, listen: 0, talk: 0 };
  const failures = new Map();
  /** Send to the HTTP answer (Slack's ack). */
  const acks = [];
  /** Latencies by the second of the run they were sent in. */
  const bySecond = [];
  let loadStartAt = 0;
  let seenCalls = 0;
  let seenResponses = setupResponses;
  const settle = (key, at) => {
    const p = pending.get(key);
    if (!p) {
      if (talk.has(key)) errors.replyToTalk++;
      else errors.unexpected++;
      return;
    }
    pending.delete(key);
    if (!p.measured) return;
    counts.answered++;
    const ms = at - p.sentAt;
    latencies.all.push(ms);
    latencies[p.kind].push(ms);
    const second = Math.floor((p.sentAt - loadStartAt) / 1000);
    if (!bySecond[second]) bySecond[second] = [];
    bySecond[second].push(ms);
  };
  fake.on('change', () => {
    const at = performance.now();
    for (; seenCalls < fake.calls.length; seenCalls++) {
      const c = fake.calls[seenCalls];
      if (c.method === 'chat.postMessage' && c.args.thread_ts) settle(c.args.thread_ts, at);
    }
    for (; seenResponses < fake.responses.length; seenResponses++)
      settle(fake.responses[seenResponses].path, at);
  });

  const sentOfKind = { mention: 0, command: 0, listen: 0, talk: 0 };
  const send = (i, measured) => {
    const kind = KIND[PATTERN[i % PATTERN.length]];
    // Each kind cycles through its own texts, so every log reaches every mode.
    const nth = sentOfKind[kind]++;
    const user = `U0USER${i % USERS}`;
    const sentAt = performance.now();
    let request;
    if (kind === 'command') {
      const url = fake.responseUrl();
      pending.set(new URL(url).pathname, { sentAt, kind, measured });
      const channel = `C0MENTION${i % MENTION_CHANNELS}`;
      request = post(
        commandForm(command(CODES[nth % CODES.length], url, channel, user)),
        'application/x-www-form-urlencoded',
      );
    } else {
      const t = ts();
      const mention = kind === 'mention';
      const channel = mention ? `C0MENTION${i % MENTION_CHANNELS}` : `C0LISTEN${i % LISTEN_CHANNELS}`;
      const text =
        kind === 'talk'
          ? slackText(TALK[nth % TALK.length])
          : `${mention ? '<@U0CRASHBOT> it crashed again:\n' : ''}\`\`\`${slackText(LOGS[nth % LOGS.length])}\`\`\``;
      const event = {
        type: mention ? 'app_mention' : 'message',
        channel,
        channel_type: 'channel',
        user,
        text,
        ts: t,
        event_ts: t,
        team: TEAM,
      };
      if (kind === 'talk') talk.add(t);
      else pending.set(t, { sentAt, kind, measured });
      request = post(
        JSON.stringify(eventEnvelope(event, { teamId: TEAM, eventId: `EvLoad${i}` })),
        'application/json',
      );
    }
    if (measured) {
      counts.sent++;
      counts[kind]++;
    }
    request.then(
      (r) => {
        if (measured) acks.push(performance.now() - sentAt);
        if (r.status < 200 || r.status > 299) errors.status++;
      },
      (err) => {
        errors.sendFailed++;
        failures.set(err.code ?? err.message, (failures.get(err.code ?? err.message) ?? 0) + 1);
      },
    );
  };

  let peakRssKb = 0;
  const rssSeries = [];
  const sampler = setInterval(() => {
    const { rssKb } = memoryOf(bot.pid);
    peakRssKb = Math.max(peakRssKb, rssKb || 0);
    rssSeries.push(rssKb);
  }, 1000);

  /** `count` events at RATE from event number `first`. */
  const phase = async (first, count, measured) => {
    const start = performance.now();
    let late = 0;
    for (let k = 0; k < count; k++) {
      const due = start + (k * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      else if (wait < -50) late++;
      send(first + k, measured);
    }
    return { seconds: (performance.now() - start) / 1000, late };
  };

  const warmCount = Math.round(RATE * WARMUP);
  const warmStart = performance.now();
  await phase(0, warmCount, false);
  // The measured run starts once the warm-up is answered (JIT, first SQLite pages), so
  // it shows the sustained rate rather than the start-up's backlog draining.
  const warmUntil = performance.now() + 30_000;
  while (pending.size > 0 && performance.now() < warmUntil) await sleep(20);
  const warmDrained = (performance.now() - warmStart) / 1000;
  const warmLeft = pending.size;
  const total = Math.round(RATE * SECONDS);
  const handledBefore = handledCount(await (await fetch(`${metricsUrl}/metrics`)).text());
  const loadStart = performance.now();
  loadStartAt = loadStart;
  const cpuStart = { bot: cpuSecondsOf(bot.pid), driver: process.cpuUsage() };
  const sending = await phase(warmCount, total, true);
  const drainUntil = performance.now() + DRAIN_MS;
  while ([...pending.values()].some((p) => p.measured) && performance.now() < drainUntil) await sleep(50);
  await sleep(QUIET_MS);
  const elapsed = (performance.now() - loadStart) / 1000;
  const botCpu = cpuSecondsOf(bot.pid) - cpuStart.bot;
  const driverUsage = process.cpuUsage(cpuStart.driver);
  const driverCpu = (driverUsage.user + driverUsage.system) / 1e6;
  clearInterval(sampler);
  const missing = [...pending.values()].filter((p) => p.measured).length;

  const mem = memoryOf(bot.pid);
  const metricsText = await (await fetch(`${metricsUrl}/metrics`)).text();
  // Events the bot took in during the measured run (warm-up ones excluded): messages and commands it handled.
  const handledNow = handledCount(metricsText);

  for (const xs of Object.values(latencies)) xs.sort((a, b) => a - b);
  const ms = (x) => (x === undefined ? 'n/a' : `${x.toFixed(1)} ms`);
  const handled = handledNow - handledBefore;
  const errorCount = errors.status + errors.sendFailed + errors.unexpected + errors.replyToTalk + missing;
  const peakMb = (Number.isFinite(mem.hwmKb) ? mem.hwmKb : peakRssKb) / 1024;
  const p99 = pct(latencies.all, 99);

  console.log(
    `load: ${total} events at ${RATE}/s for ${SECONDS} s (sent in ${sending.seconds.toFixed(1)} s, ${sending.late} sent over 50 ms late; after ${WARMUP} s of warm-up at the same rate, answered within ${warmDrained.toFixed(1)} s${warmLeft ? `, ${warmLeft} warm-up answers never came` : ''}), one crashbot instance (node ${[...npmStartNodeArgs(), ...(process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean)].join(' ') || 'without options'}, as npm start runs it), Slack HTTP mode, SQLite in ${process.env.LOAD_DIR ?? tmpdir()}`,
  );
  console.log(
    `load: mix ${counts.mention} mentions with logs, ${counts.command} /crash commands, ${counts.listen} listening crashes, ${counts.talk} ordinary talk in listening channels`,
  );
  console.log(
    `load: ${counts.answered}/${counts.sent - counts.talk} answered, ${missing} missing, ${errors.replyToTalk} replies to ordinary talk, ${errors.unexpected} other unexpected answers, ${errors.status} non-2xx, ${errors.sendFailed} requests failed${failures.size ? ` (${[...failures].map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}; ${reconnects} sent again on a fresh connection`,
  );
  console.log(
    `load: send-to-answer latency p50 ${ms(pct(latencies.all, 50))}, p95 ${ms(pct(latencies.all, 95))}, p99 ${ms(p99)}, max ${ms(latencies.all.at(-1))}`,
  );
  acks.sort((a, b) => a - b);
  console.log(`load: request-to-ack (HTTP 200) p50 ${ms(pct(acks, 50))}, p99 ${ms(pct(acks, 99))}`);
  for (const kind of ['mention', 'command', 'listen'])
    console.log(
      `load:   ${kind.padEnd(7)} p50 ${ms(pct(latencies[kind], 50))}, p99 ${ms(pct(latencies[kind], 99))} (${latencies[kind].length})`,
    );
  console.log(
    `load: bot peak RSS ${peakMb.toFixed(0)} MB (VmHWM), ${(mem.rssKb / 1024).toFixed(0)} MB at the end`,
  );
  console.log(
    `load: CPU over ${elapsed.toFixed(1)} s (load and drain): bot ${botCpu.toFixed(1)} s (${((100 * botCpu) / elapsed).toFixed(0)}% of a core; ${((1000 * botCpu) / Math.max(1, handled)).toFixed(2)} ms per event it took in, so one core carries about ${(handled / botCpu).toFixed(0)} events/s), driver and fake Slack ${driverCpu.toFixed(1)} s; machine load average (1 min) ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`,
  );
  console.log(
    `load: aims: no errors ${errorCount === 0 ? 'met' : `NOT met (${errorCount})`}, p99 under 200 ms ${p99 < 200 ? 'met' : 'NOT met'}, RSS under 300 MB ${peakMb < 300 ? 'met' : 'NOT met'}`,
  );
  const series = bySecond.map((xs) =>
    xs
      ? pct(
          xs.sort((a, b) => a - b),
          50,
        ).toFixed(0)
      : '-',
  );
  console.log(`load: p50 latency (ms) by second sent: ${series.join(' ')}`);
  const rssEvery5 = rssSeries.filter((_, i) => i % 5 === 4).map((kb) => (kb / 1024).toFixed(0));
  console.log(`load: bot RSS (MB) every 5 s from the warm-up on: ${rssEvery5.join(' ')}`);
  console.log('load: /metrics at the end (counters; histogram as count and sum):');
  for (const line of metricsText.split('\n'))
    if (/^(crashbot_|process_resident|nodejs_heap)/.test(line) && !line.includes('_bucket'))
      console.log(`  ${line}`);
  const warnings = bot
    .log()
    .split('\n')
    .filter((l) => /^(warn|error): /.test(l));
  console.log(`load: the bot logged ${warnings.length} warnings and errors`);
  if (errorCount > 0 || process.env.LOAD_SHOW_LOG) {
    process.exitCode = errorCount > 0 ? 1 : 0;
    console.log(`load: the bot's log ends with:\n${bot.log().split('\n').slice(-15).join('\n')}`);
  }
}

/** Messages and commands the bot has handled, from its /metrics. */
function handledCount(metricsText) {
  let n = 0;
  for (const m of metricsText.matchAll(/^crashbot_message_handling_seconds_count\{[^}]*\} (\d+)$/gm))
    n += Number(m[1]);
  return n;
}

/** Requests sent again because a kept-alive connection was closed under them. */
let reconnects = 0;

/**
 * POSTs signed requests as Slack does, over a pool of kept-alive connections (as Slack's
 * own senders keep them); resolves with the status once the answer is read. A request
 * that meets a connection the server closed while idle is sent once more, as the Node
 * documentation advises for kept-alive requests.
 */
function signedPoster(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const once = (body, contentType) =>
    new Promise((resolve, reject) => {
      const ts = Math.floor(Date.now() / 1000);
      const req = request(url, {
        method: 'POST',
        agent,
        headers: {
          'content-type': contentType,
          'content-length': Buffer.byteLength(body),
          'x-slack-request-timestamp': String(ts),
          'x-slack-signature': sign(SECRET, ts, body),
        },
      });
      req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      });
      req.on('error', (err) => {
        // The server closed an idle kept-alive connection as we reused it: not the bot's fault.
        err.reusedSocket = req.reusedSocket;
        reject(err);
      });
      req.end(body);
    });
  return async (body, contentType) => {
    try {
      return await once(body, contentType);
    } catch (err) {
      if (!(err.reusedSocket && err.code === 'ECONNRESET')) throw err;
      reconnects++;
      return once(body, contentType);
    }
  };
}

function command(text, responseUrl, channel, user) {
  return {
    token: 'legacy-verification-token',
    team_id: TEAM,
    team_domain: 'load',
    channel_id: channel,
    channel_name: channel.toLowerCase(),
    user_id: user,
    user_name: user.toLowerCase(),
    command: '/crash',
    text,
    api_app_id: 'A0FAKEAPP',
    response_url: responseUrl,
    trigger_id: `trigger.${responseUrl.split('/').pop()}`,
  };
}

await main();
