// A real `crashbot start` process (the built dist/) in Slack HTTP mode against the fake
// Slack, on a SQLite file or a PostgreSQL URL, that the durability tests kill with
// SIGKILL and start again; plus the load they put on it: signed app_mention events,
// each a crash log, whose replies carry the record id in their feedback buttons.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { eventEnvelope, postSigned } from '../adapters/slack/fake/signed.mjs';

export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
export const SIGNING_SECRET = 'durability-signing-secret-0123456789';
export const TEAM = 'T0FAKE';

export type StoreTarget = { sqlite: string } | { postgres: string };

export interface BotProcess {
  readonly port: number;
  readonly log: () => string;
  /** SIGKILL: no handler runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  readonly exited: Promise<number | null>;
}

export async function startBot(
  fake: FakeSlack,
  store: StoreTarget,
  cwd: string,
  extraEnv: Record<string, string> = {},
): Promise<BotProcess> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    SLACK_BOT_TOKEN: fake.botToken,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: fake.apiUrl,
    PORT: '0',
    CRASHBOT_USER_SALT: 'durability-salt',
    CRASHBOT_RATE_USER_PER_MINUTE: '100000',
    CRASHBOT_RATE_CHANNEL_PER_MINUTE: '100000',
    LOG_LEVEL: 'info',
    ...('sqlite' in store ? { CRASHBOT_DB_PATH: store.sqlite } : { DATABASE_URL: store.postgres }),
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, [CLI, 'start'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bot did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = /listening on port (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the bot exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    port,
    log: () => output,
    exited,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

let counter = 0;

/** A mention event for load item `n`: its own ts (the reply's thread) and event id. */
export function crashMention(n: number, channel: string, log: string, files?: object[]) {
  counter++;
  const ts = `1720000000.${String(n).padStart(6, '0')}`;
  return {
    ts,
    envelope: eventEnvelope(
      {
        type: 'app_mention',
        channel,
        channel_type: 'channel',
        user: `U0LOAD${n % 7}`,
        text: `<@U0CRASHBOT> ${log.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`,
        ts,
        team: TEAM,
        event_ts: ts,
        ...(files && { files }),
      },
      { teamId: TEAM, eventId: `EvDur${process.pid}x${counter}x${n}` },
    ),
  };
}

/** Delivers an event to the bot; false when the bot did not take it (it is down). */
export async function deliver(port: number, envelope: object): Promise<boolean> {
  try {
    const res = await postSigned(`http://127.0.0.1:${port}/slack/events`, JSON.stringify(envelope), {
      secret: SIGNING_SECRET,
      contentType: 'application/json',
    });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Thread ts -> record id of every reply the fake Slack took that carries feedback buttons (a stored record). */
export function acknowledged(fake: FakeSlack): Map<string, number> {
  const out = new Map<string, number>();
  for (const call of fake.callsTo('chat.postMessage')) {
    if (!call.result?.ok || !call.args.thread_ts) continue;
    for (const block of call.args.blocks ?? []) {
      if (block.type !== 'actions') continue;
      const value = block.elements?.find((e: { value?: string }) => e.value)?.value;
      if (value) out.set(String(call.args.thread_ts), Number(value));
    }
  }
  return out;
}

/** Thread ts of replies posted without a record (the store failed; the user still got the diagnosis). */
export function unrecorded(fake: FakeSlack): string[] {
  const acked = acknowledged(fake);
  const threads = new Set(
    fake
      .callsTo('chat.postMessage')
      .filter((c) => c.result?.ok && c.args.thread_ts)
      .map((c) => String(c.args.thread_ts)),
  );
  return [...threads].filter((t) => !acked.has(t));
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds (for state outside the fake Slack, such as the database file). */
export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await pause(100);
  }
}
