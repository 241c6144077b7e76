// One running crashbot Slack app against a fresh fake Slack and a fresh SQLite store,
// with deliveries the way Slack makes them in either transport: signed HTTP requests
// to /slack/events, or envelopes over the Socket Mode connection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SlackAppOptions, type SlackRunning, startSlackApp } from '../../../src/adapters/slack/app.js';
import type { SlackTuning } from '../../../src/adapters/slack/tuning.js';
import type { Bot } from '../../../src/app/bot.js';
import type { ImageReader } from '../../../src/app/conversation/attachments.js';
import type { Conversation } from '../../../src/app/conversation/conversation.js';
import type { Limits } from '../../../src/app/conversation/limits.js';
import { openStore } from '../../../src/store/open.js';
import type { CrashStore } from '../../../src/store/types.js';
import { knowledge, testConversation } from '../../helpers/conversation.js';
import { FakeSlack } from './fake/fake-slack.mjs';
import { commandForm, eventEnvelope, interactionForm, postSigned } from './fake/signed.mjs';
import { newEventId, TEAM } from './payloads.js';

export type Transport = 'http' | 'socket';
export const SIGNING_SECRET = 'fake-signing-secret-0123456789abcdef';

export { knowledge };

/** Short waits, so retries and timeouts happen within a test. */
export const FAST: Partial<SlackTuning> = {
  retryConfig: { retries: 2, factor: 1, minTimeout: 10, maxTimeout: 20 },
  requestTimeoutMs: 2_000,
  pingTimeoutMs: 3_000,
  connectTimeoutMs: 1_500,
  reconnectDelaysMs: [20, 50],
};

export interface Harness {
  fake: FakeSlack;
  slack: SlackRunning;
  store: CrashStore;
  bot: Bot;
  conversation: Conversation;
  logs: string[];
  eventsUrl: string;
  /** Delivers an Events API event; resolves once Slack would have seen the ack. */
  event(event: object, opts?: { eventId?: string; retryNum?: number }): Promise<void>;
  command(fields: Record<string, string>): Promise<void>;
  interaction(payload: object): Promise<void>;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  transport: Transport;
  maxLogBytes?: number;
  tuning?: Partial<SlackTuning>;
  options?: Partial<SlackAppOptions>;
  /** Wraps the Bot the app talks to (to slow it down, or make it fail). */
  wrapBot?: (bot: Bot) => Bot;
  limits?: (store: CrashStore) => Limits;
  attachmentTimeoutMs?: number;
  images?: ImageReader;
}

export async function startHarness(o: HarnessOptions): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-slack-'));
  const fake = await FakeSlack.start({ teamId: TEAM });
  const opened = await openStore({
    store: { kind: 'sqlite', path: join(dir, 'crashbot.sqlite') },
    userSalt: 'test-salt',
  });
  if (!opened.ok) throw opened.error;
  const store = opened.store;
  const maxLogBytes = o.maxLogBytes ?? 256 * 1024;
  const logs: string[] = [];
  const { conversation, bot, log } = testConversation({
    store,
    maxLogBytes,
    logs,
    attachmentTimeoutMs: o.attachmentTimeoutMs ?? 500,
    level: o.options?.logLevel ?? 'info',
    ...(o.wrapBot && { wrapBot: o.wrapBot }),
    ...(o.limits && { limits: o.limits }),
    ...(o.images && { images: o.images }),
  });
  const slack = await startSlackApp({
    conversation,
    botToken: fake.botToken,
    transport:
      o.transport === 'http'
        ? { kind: 'http', signingSecret: SIGNING_SECRET, port: 0, host: '127.0.0.1' }
        : { kind: 'socket', appToken: fake.appToken },
    apiUrl: fake.apiUrl,
    log,
    logLevel: 'info',
    tuning: { ...FAST, ...o.tuning },
    ...o.options,
  });
  const eventsUrl = `http://127.0.0.1:${slack.port}/slack/events`;
  const http = async (body: string, contentType: string, headers?: Record<string, string>) => {
    const res = await postSigned(eventsUrl, body, {
      secret: SIGNING_SECRET,
      contentType,
      ...(headers && { headers }),
    });
    if (res.status !== 200) throw new Error(`the app answered ${res.status}`);
  };
  const form = 'application/x-www-form-urlencoded';
  return {
    fake,
    slack,
    store,
    bot,
    conversation,
    logs,
    eventsUrl,
    async event(event, opts = {}) {
      const envelope = eventEnvelope(event, { teamId: TEAM, eventId: opts.eventId ?? newEventId() });
      if (o.transport === 'socket') {
        await fake.socket.send('events_api', envelope, { retryAttempt: opts.retryNum ?? 0 });
        return;
      }
      const retry = opts.retryNum
        ? { 'x-slack-retry-num': String(opts.retryNum), 'x-slack-retry-reason': 'http_timeout' }
        : undefined;
      await http(JSON.stringify(envelope), 'application/json', retry);
    },
    async command(fields) {
      if (o.transport === 'socket') await fake.socket.send('slash_commands', fields);
      else await http(commandForm(fields), form);
    },
    async interaction(payload) {
      if (o.transport === 'socket') await fake.socket.send('interactive', payload);
      else await http(interactionForm(payload), form);
    },
    async stop() {
      await slack.stop();
      await fake.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
