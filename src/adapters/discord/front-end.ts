// The Discord front end: a discord.js client wired to the shared bot. Each event runs
// on its own, guarded: a bad event or a failed request is logged, never fatal. Stop
// lets the work in flight finish (for a while) before the connection closes.
import { setTimeout as sleep } from 'node:timers/promises';
import { Events, Status } from 'discord.js';
import type { ChatFrontEnd, FrontEndContext } from '../../main.js';
import { DISCORD_ATTACHMENT_ORIGINS } from './attachments.js';
import { createDiscordClient } from './client.js';
import { watchConnection } from './connection.js';
import { DEFAULT_RETRY, type RetryPolicy } from './delivery-errors.js';
import { intentChoices } from './intents.js';
import { onInteraction } from './interactions/route.js';
import { createLimiter } from './limiter.js';
import { discordLog } from './log.js';
import { loginAndWait } from './login.js';
import { onMessageCreate, onMessageUpdate } from './on-message.js';
import { guardPackets } from './packet-guard.js';
import { postToChannel } from './post.js';
import type { DiscordRuntime } from './runtime.js';
import { createSender } from './sender.js';
import { AnswerTracker, KeyedQueue } from './tracker.js';

export interface DiscordOptions {
  /** Defer an interaction whose answer takes longer than this (Discord allows 3 s). */
  deferAfterMs: number;
  /** Pauses between our own retries of a failed request, after discord.js's retries. */
  retry: RetryPolicy;
  attachmentTimeoutMs: number;
  maxFiles: number;
  /** Log files downloaded at the same time, across all messages. */
  concurrentDownloads: number;
  loginTimeoutMs: number;
  /** How many answered messages are remembered for edits. */
  answersKept: number;
  /** How long stop() waits for work in flight. */
  drainMs: number;
  /** Discord's global request limit for this bot (50 unless Discord raised it). */
  globalRequestsPerSecond: number;
}

export const DEFAULT_OPTIONS: DiscordOptions = {
  deferAfterMs: 1_500,
  retry: DEFAULT_RETRY,
  attachmentTimeoutMs: 10_000,
  maxFiles: 3,
  concurrentDownloads: 4,
  loginTimeoutMs: 60_000,
  answersKept: 10_000,
  drainMs: 10_000,
  globalRequestsPerSecond: 50,
};

export async function createDiscordFrontEnd(
  ctx: FrontEndContext,
  options: Partial<DiscordOptions> = {},
): Promise<ChatFrontEnd> {
  const settings = ctx.config.discord;
  if (!settings) throw new Error('Discord is not configured: set DISCORD_TOKEN');
  const o = { ...DEFAULT_OPTIONS, globalRequestsPerSecond: settings.globalRequestsPerSecond, ...options };
  const log = discordLog(ctx.log);
  const client = createDiscordClient({
    messageContent: settings.messageContent,
    apiUrl: settings.apiUrl,
    globalRequestsPerSecond: o.globalRequestsPerSecond,
  });
  const rt: DiscordRuntime = {
    client,
    bot: ctx.bot,
    store: ctx.store,
    log,
    sender: createSender(client.rest, o.retry),
    messageContent: settings.messageContent,
    attachments: {
      maxBytes: ctx.config.maxLogBytes,
      timeoutMs: o.attachmentTimeoutMs,
      maxFiles: o.maxFiles,
      origins: [...DISCORD_ATTACHMENT_ORIGINS, ...(settings.apiUrl ? [new URL(settings.apiUrl).origin] : [])],
    },
    downloads: createLimiter(o.concurrentDownloads),
    deferAfterMs: o.deferAfterMs,
    answers: new AnswerTracker(o.answersKept),
    queue: new KeyedQueue(),
  };

  const inFlight = new Set<Promise<void>>();
  const handle = (what: string, job: () => Promise<void>) => {
    const p: Promise<void> = Promise.resolve()
      .then(job)
      .catch((err: unknown) => log.warn(`handling ${what} failed`, { error: (err as Error).message }))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  client.on(Events.MessageCreate, (m) => handle('a message', () => onMessageCreate(rt, m)));
  client.on(Events.MessageUpdate, (_old, m) => handle('an edit', () => onMessageUpdate(rt, m)));
  client.on(Events.InteractionCreate, (i) => handle('an interaction', () => onInteraction(rt, i)));
  watchConnection(client, log);
  guardPackets(client, log);

  const login = await loginAndWait(client, settings.token, o.loginTimeoutMs);
  if (!login.ok) {
    await client.destroy();
    throw new Error(`${login.message} [${login.code}]`);
  }
  log.info(`logged in as ${client.user?.tag ?? 'the bot'}`, {
    guilds: client.guilds.cache.size,
    intents: intentChoices(settings).map((c) => c.name),
  });

  return {
    platform: 'discord',
    post: (channel, reply, key) => postToChannel(rt, channel, reply, key),
    // The client stays 'ready' when a shard closes for good; each shard's status tells.
    ready: () => client.isReady() && client.ws.shards.every((s) => s.status === Status.Ready),
    async stop() {
      await Promise.race([Promise.allSettled([...inFlight]), sleep(o.drainMs)]);
      await client.destroy();
    },
  };
}
