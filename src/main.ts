// The composition root: builds the bot's parts from the config (the store, the shared
// use cases, the conversation pipeline with its claims and limits, health and metrics)
// and starts the front ends that are configured: the terminal chat when no chat tokens
// are set.
import { randomUUID } from 'node:crypto';
import { startDiscord } from './adapters/discord/start.js';
import type { ChatFrontEnd, FrontEndContext, FrontEndStarter } from './adapters/front-end.js';
import { startMattermost } from './adapters/mattermost/start.js';
import { runTerminalChat } from './adapters/shell/terminal-chat.js';
import { terminalHandlers } from './adapters/shell/terminal-surface.js';
import { startSlack } from './adapters/slack/start.js';
import { type Bot, createBot } from './app/bot.js';
import { DEFAULT_ATTACHMENT_POLICY } from './app/conversation/attachments.js';
import { type ClaimPort, memoryClaims } from './app/conversation/claims.js';
import { type Conversation, createConversation } from './app/conversation/conversation.js';
import type { Incoming } from './app/conversation/incoming.js';
import { storeLimits } from './app/conversation/limits.js';
import { readImageText } from './app/image-diagnosis.js';
import { durableConversation } from './app/inbox/durable-conversation.js';
import type { Inbox } from './app/inbox/inbox.js';
import type { Logger } from './app/logger.js';
import { systemClock } from './app/summary/clock.js';
import { renderChartPng } from './app/summary/png.js';
import { createSummaryScheduler } from './app/summary/scheduler.js';
import type { Config } from './config/config.js';
import type { KnowledgeBase } from './core/knowledge.js';
import { redactSecrets } from './core/redact/index.js';
import { createLogger, type LogFormat } from './observe/logger.js';
import { type Observer, startObserver } from './observe/observer.js';
import { createOcrEngine } from './ocr/engine.js';
import { openStore } from './store/open.js';
import type { CrashStore } from './store/types.js';

export interface StartDeps {
  config: Config;
  kb: KnowledgeBase;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  write: (text: string) => void;
  /** Where log lines go (standard error). */
  log: (text: string) => void;
  /** JSON lines (default), or readable lines for a person at a terminal. */
  logFormat?: LogFormat;
  /** Stops the chat front ends (SIGINT/SIGTERM when not given). */
  signal?: AbortSignal;
}

/** The chat front ends the config asks for. */
function frontEndsFor(config: Config): FrontEndStarter[] {
  const starters: FrontEndStarter[] = [];
  // Each adapter adds itself here, e.g. `if (config.slack) starters.push(startSlack);`
  if (config.slack) starters.push(startSlack);
  if (config.discord) starters.push(startDiscord);
  if (config.mattermost) starters.push(startMattermost);
  return starters;
}

export type StartResult = { ok: true } | { ok: false; message: string };

export async function startBot(deps: StartDeps): Promise<StartResult> {
  const { config, kb } = deps;
  const opened = await openStore(config, (text) => deps.log(redactSecrets(text).text));
  if (!opened.ok)
    return { ok: false, message: redactSecrets(`cannot open the store: ${opened.error.message}`).text };
  const store = opened.store;
  let observer: Observer | null = null;
  if (config.metrics) {
    try {
      observer = await startObserver({ ...config.metrics, store });
    } catch (err) {
      await store.close();
      return { ok: false, message: `cannot serve health and metrics: ${(err as Error).message}` };
    }
  }
  const log = createLogger({ level: config.logLevel, write: deps.log, format: deps.logFormat ?? 'json' });
  if (observer)
    log.info(`health and metrics on http://${hostForUrl(observer.host)}:${observer.port}/metrics`);
  // Screenshots: the OCR workers start on the first image and are kept.
  const ocr = config.ocr ? { engine: createOcrEngine(config.ocr), limits: config.ocr } : null;
  const bot = createBot({
    kb,
    store,
    now: () => new Date(),
    timezone: config.timezone,
    maxLogBytes: config.maxLogBytes,
    chartPng: (svg) => renderChartPng(svg),
  });
  const pipeline = (claims: ClaimPort) =>
    createConversation({
      bot,
      settings: store,
      threads: store,
      claims,
      limits: storeLimits(
        {
          perUser: { max: config.limits.userPerMinute, windowMs: 60_000 },
          perChannel: { max: config.limits.channelPerMinute, windowMs: 60_000 },
          listenCooldownMs: config.limits.listenCooldownSeconds * 1000,
        },
        store,
        log,
      ),
      attachments: {
        ...DEFAULT_ATTACHMENT_POLICY,
        maxBytes: config.maxLogBytes,
        ...(ocr && {
          images: {
            maxBytes: ocr.limits.maxBytes,
            read: (bytes: Uint8Array) => readImageText({ kb, ocr: ocr.engine, limits: ocr.limits }, bytes),
          },
        }),
      },
      now: () => new Date(),
      log,
      ...(observer && { events: observer.events }),
    });
  try {
    const starters = frontEndsFor(config);
    if (starters.length === 0) {
      observer?.setFrontEnds([]);
      await runTerminal(deps, pipeline(memoryClaims()), store, log);
      return { ok: true };
    }
    // Chat events are kept in the store's inbox from their claim to their answer.
    const platforms = [
      config.slack && 'slack',
      config.discord && 'discord',
      config.mattermost && 'mattermost',
    ].filter((p): p is string => typeof p === 'string');
    const { conversation, inbox } = durableConversation(pipeline, { store, platforms, log });
    return await runChat(
      starters,
      { config, conversation, log, ...(observer && { events: observer.events }) },
      { store, bot, observer, inbox, signal: deps.signal },
    );
  } finally {
    await ocr?.engine.close();
    await observer?.stop();
    await store.close();
  }
}

/** An IPv6 address in a URL goes in brackets. */
function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the chat front ends and the weekly summaries; runs until the signal. */
async function runChat(
  starters: FrontEndStarter[],
  ctx: FrontEndContext,
  o: {
    store: CrashStore;
    bot: Bot;
    observer: Observer | null;
    inbox: Inbox<Incoming>;
    signal: AbortSignal | undefined;
  },
): Promise<StartResult> {
  const { store, observer } = o;
  const running: ChatFrontEnd[] = [];
  const stopAll = async () => {
    for (const f of running.splice(0))
      await f
        .stop()
        .catch((err: Error) => ctx.log.warn(`stopping ${f.platform} failed`, { error: err.message }));
  };
  try {
    for (const start of starters) running.push(await start(ctx));
  } catch (err) {
    await stopAll();
    return { ok: false, message: (err as Error).message };
  }
  observer?.setFrontEnds(running);
  // Events a stopped or dead instance left unanswered: now, and every few seconds.
  o.inbox.start();
  const byPlatform = new Map(running.map((f) => [f.platform, f]));
  const summaryLog = ctx.log.child({ name: 'summary' });
  const scheduler = createSummaryScheduler({
    store,
    clock: systemClock(),
    owner: randomUUID(),
    defaultTimeZone: ctx.config.timezone,
    build: (channel, week) => o.bot.summary(channel, week),
    post: async (channel, reply, key) => {
      const f = byPlatform.get(channel.platform);
      if (!f) throw new Error(`no front end for ${channel.platform}`);
      await f.post(channel, reply, key);
    },
    logger: {
      info: () => {},
      warn: (message, data) => {
        observer?.countError('summary');
        summaryLog.warn(message, data);
      },
    },
  });
  const stop = new AbortController();
  const signal = o.signal ?? processSignal();
  signal.addEventListener('abort', () => stop.abort(), { once: true });
  ctx.log.info(`running on ${running.map((f) => f.platform).join(' and ')}`);
  try {
    await scheduler.run(stop.signal);
  } finally {
    // Stop taking events and finish those in flight within the bound; the rest are handed
    // back, for the next instance (or this one, restarted) to answer.
    const bound = ctx.config.shutdownTimeoutMs;
    const [stopped, inbox] = await Promise.all([finishesWithin(stopAll(), bound), o.inbox.stop(bound)]);
    if (!stopped || inbox.handedBack > 0)
      ctx.log.warn(`stopping: ${inbox.handedBack} event(s) handed back after ${bound / 1000} s`, {
        finished: inbox.finished,
      });
  }
  return { ok: true };
}

/** Whether `work` settled within `ms` (it goes on either way). */
async function finishesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

function processSignal(): AbortSignal {
  const c = new AbortController();
  const abort = () => c.abort();
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  return c.signal;
}

async function runTerminal(
  deps: StartDeps,
  conversation: Conversation,
  store: CrashStore,
  log: Logger,
): Promise<void> {
  if (deps.stdin.isTTY) {
    const where =
      store.kind === 'sqlite' ? deps.config.store.kind === 'sqlite' && deps.config.store.path : 'PostgreSQL';
    log.info(`no chat tokens set; terminal chat, records in ${where}`);
  }
  await runTerminalChat({
    input: deps.stdin,
    write: deps.write,
    interactive: Boolean(deps.stdin.isTTY),
    handlers: terminalHandlers(conversation),
  });
}
