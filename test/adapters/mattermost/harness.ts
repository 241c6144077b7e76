// An end-to-end rig: the fake Mattermost, a real SQLite store in a temp dir, the shared
// bot, and the Mattermost front end (the real @mattermost/client) connected to the fake,
// with its /crash and button endpoint on 127.0.0.1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMattermostFrontEnd,
  type MattermostOptions,
} from '../../../src/adapters/mattermost/front-end.js';
import type { Bot } from '../../../src/app/bot.js';
import type { ImageReader } from '../../../src/app/conversation/attachments.js';
import type { Conversation } from '../../../src/app/conversation/conversation.js';
import type { Limits } from '../../../src/app/conversation/limits.js';
import type { Config } from '../../../src/config/config.js';
import { openStore } from '../../../src/store/open.js';
import type { CrashStore } from '../../../src/store/types.js';
import { testConversation } from '../../helpers/conversation.js';
import { type FakeMattermost, type FakePost, startFakeMattermost } from './fake/index.mjs';

export interface Harness {
  fake: FakeMattermost;
  store: CrashStore;
  bot: Bot;
  conversation: Conversation;
  frontEnd: Awaited<ReturnType<typeof createMattermostFrontEnd>>;
  logs: string[];
  config: Config;
  commandUrl: string;
  /** `/crash <text>` from ana (a channel admin) in town-square. */
  slashAs(text: string, o?: Parameters<FakeMattermost['slash']>[2]): ReturnType<FakeMattermost['slash']>;
  /** The bot's answers in the thread of `post`, once `count` are there. */
  answers(post: FakePost, count?: number): Promise<FakePost[]>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  token?: string;
  commandToken?: string | null;
  buttons?: boolean;
  botSystemAdmin?: boolean;
  maxLogBytes?: number;
  options?: Partial<MattermostOptions>;
  limits?: (store: CrashStore) => Limits;
  wrapBot?: (bot: Bot) => Bot;
  images?: ImageReader;
  now?: () => Date;
}

export const FAST: Partial<MattermostOptions> = {
  timeoutMs: 3_000,
  retries: 2,
  connectTimeoutMs: 5_000,
  waitMs: 1_500,
  drainMs: 2_000,
  reconnectMs: 100,
};

export async function startHarness(o: HarnessOptions = {}): Promise<Harness> {
  const fake = await startFakeMattermost({ ...(o.botSystemAdmin && { botSystemAdmin: true }) });
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-mattermost-'));
  const commandToken = o.commandToken === null ? undefined : (o.commandToken ?? fake.commandToken);
  const config: Config = {
    store: { kind: 'sqlite', path: join(dir, 'crashbot.sqlite') },
    userSalt: 'test-salt',
    slack: null,
    discord: null,
    mattermost: {
      url: fake.url,
      token: o.token ?? fake.botToken,
      commandToken,
      commandPort: 0,
      commandHost: '127.0.0.1',
      callbackUrl: undefined,
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
    attachmentTimeoutMs: 2_000,
    ...(o.now && { now: o.now }),
    ...(o.limits && { limits: o.limits }),
    ...(o.wrapBot && { wrapBot: o.wrapBot }),
    ...(o.images && { images: o.images }),
  });
  let frontEnd: Harness['frontEnd'];
  try {
    // Buttons post to the command endpoint, whose port is known once it listens: a first
    // start finds a free port, which the second start takes with the callback URL.
    const port = o.buttons && commandToken ? await freePort() : 0;
    const mattermost = {
      ...config.mattermost!,
      commandPort: port,
      ...(o.buttons && commandToken && { callbackUrl: `http://127.0.0.1:${port}` }),
    };
    Object.assign(config, { mattermost });
    frontEnd = await createMattermostFrontEnd({ config, conversation, log }, { ...FAST, ...o.options });
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
    commandUrl: `http://127.0.0.1:${frontEnd.commandPort}/mattermost/command`,
    slashAs: (text, so) =>
      fake.slash(`http://127.0.0.1:${frontEnd.commandPort}/mattermost/command`, text, so),
    answers: (post, count = 1) =>
      fake.waitFor(() => {
        const r = fake.threadReplies(post);
        return r.length >= count ? r : null;
      }),
    async close() {
      await frontEnd.stop();
      await store.close();
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
