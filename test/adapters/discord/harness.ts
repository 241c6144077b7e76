// An end-to-end rig: the fake Discord, a real SQLite store in a temp dir, the shared
// bot, and the Discord front end (a real discord.js Client) logged in to the fake.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDiscordFrontEnd, type DiscordOptions } from '../../../src/adapters/discord/front-end.js';
import type { ChatFrontEnd } from '../../../src/adapters/front-end.js';
import type { Bot } from '../../../src/app/bot.js';
import type { ImageReader } from '../../../src/app/conversation/attachments.js';
import type { Conversation } from '../../../src/app/conversation/conversation.js';
import type { Limits } from '../../../src/app/conversation/limits.js';
import type { Config } from '../../../src/config/config.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { openStore } from '../../../src/store/open.js';
import type { CrashStore } from '../../../src/store/types.js';
import { knowledge, testConversation } from '../../helpers/conversation.js';
import {
  type FakeDiscord,
  type FakeDiscordOptions,
  type RecordedCall,
  startFakeDiscord,
} from './fake/index.mjs';

export function kb(): KnowledgeBase {
  return knowledge();
}

export interface Harness {
  fake: FakeDiscord;
  store: CrashStore;
  bot: Bot;
  conversation: Conversation;
  frontEnd: ChatFrontEnd;
  logs: string[];
  config: Config;
  /** The bot's reply to message `id` (its first POST with a message_reference to it). */
  replyTo(id: string, timeoutMs?: number): Promise<RecordedCall>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  messageContent?: boolean;
  /** The token the bot logs in with (default: the one the fake accepts). */
  token?: string;
  maxLogBytes?: number;
  options?: Partial<DiscordOptions>;
  fake?: FakeDiscordOptions;
  now?: () => Date;
  limits?: (store: CrashStore) => Limits;
  wrapBot?: (bot: Bot) => Bot;
  images?: ImageReader;
}

export async function startHarness(o: HarnessOptions = {}): Promise<Harness> {
  const fake = await startFakeDiscord(o.fake);
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-discord-'));
  const config: Config = {
    store: { kind: 'sqlite', path: join(dir, 'crashbot.sqlite') },
    userSalt: 'test-salt',
    slack: null,
    discord: {
      token: o.token ?? fake.world.token,
      applicationId: fake.world.applicationId,
      apiUrl: fake.apiUrl,
      messageContent: o.messageContent ?? false,
      globalRequestsPerSecond: 50,
    },
    timezone: 'UTC',
    maxLogBytes: o.maxLogBytes ?? 512 * 1024,
    limits: { userPerMinute: 0, channelPerMinute: 0, listenCooldownSeconds: 0 },
    logLevel: 'info',
    shutdownTimeoutMs: 8000,
  };
  const opened = await openStore(config);
  if (!opened.ok) throw opened.error;
  const store = opened.store;
  const logs: string[] = [];
  const { conversation, bot, log } = testConversation({
    store,
    maxLogBytes: config.maxLogBytes,
    logs,
    ...(o.now && { now: o.now }),
    ...(o.limits && { limits: o.limits }),
    ...(o.wrapBot && { wrapBot: o.wrapBot }),
    ...(o.images && { images: o.images }),
  });
  let frontEnd: ChatFrontEnd;
  try {
    frontEnd = await createDiscordFrontEnd(
      { config, conversation, log },
      { restRetries: 2, loginTimeoutMs: 10_000, drainMs: 2_000, ...o.options },
    );
  } catch (err) {
    await store.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    fake,
    store,
    bot,
    conversation,
    frontEnd,
    logs,
    config,
    replyTo: (id, timeoutMs) =>
      fake.rest.waitFor(
        (c) => c.method === 'POST' && c.status === 200 && c.body?.message_reference?.message_id === id,
        timeoutMs,
      ),
    async close() {
      await frontEnd.stop();
      await store.close();
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The text of every embed description and field in a recorded message body. */
export function embedText(body: Record<string, unknown> | null): string {
  const embeds = (body?.embeds ?? []) as {
    title?: string;
    description?: string;
    fields?: { name: string; value: string }[];
  }[];
  return embeds
    .flatMap((e) => [
      e.title ?? '',
      e.description ?? '',
      ...(e.fields ?? []).flatMap((f) => [f.name, f.value]),
    ])
    .join('\n');
}
