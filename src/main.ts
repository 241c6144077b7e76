// The composition root: builds the bot's parts from the config and starts the front
// ends that are configured (the terminal chat when no chat tokens are set).

import { randomUUID } from 'node:crypto';
import { startDiscord } from './adapters/discord/start.js';
import { runTerminalChat } from './adapters/shell/terminal-chat.js';
import { startSlack } from './adapters/slack/start.js';
import { type Bot, createBot } from './app/bot.js';
import { helpReply, noticeReply } from './app/command-replies.js';
import { systemClock } from './app/summary/clock.js';
import { renderChartPng } from './app/summary/png.js';
import { createSummaryScheduler } from './app/summary/scheduler.js';
import type { Config } from './config/config.js';
import type { KnowledgeBase } from './core/knowledge.js';
import { redactSecrets } from './core/redact/index.js';
import type { Reply } from './core/reply/model.js';
import { type Observer, startObserver } from './observe/observer.js';
import { openStore } from './store/open.js';
import type { ChannelRef, CrashStore } from './store/types.js';

export interface StartDeps {
  config: Config;
  kb: KnowledgeBase;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  write: (text: string) => void;
  log: (text: string) => void;
  /** Stops the chat front ends (SIGINT/SIGTERM when not given). */
  signal?: AbortSignal;
}

/** What each chat platform's adapter gets to start with. */
export interface FrontEndContext {
  config: Config;
  kb: KnowledgeBase;
  bot: Bot;
  store: CrashStore;
  log: (text: string) => void;
}

/** A running chat front end (Slack, Discord). */
export interface ChatFrontEnd {
  readonly platform: string;
  /** Posts a reply to a channel: the weekly summary. `key` is stable per channel and week. */
  post(channel: ChannelRef, reply: Reply, key: string): Promise<void>;
  stop(): Promise<void>;
  /** Whether it is connected to its platform now (for /readyz); absent: always once started. */
  ready?(): boolean;
}

export type FrontEndStarter = (ctx: FrontEndContext) => Promise<ChatFrontEnd>;

/** The chat front ends the config asks for. */
function frontEndsFor(config: Config): FrontEndStarter[] {
  const starters: FrontEndStarter[] = [];
  // Each adapter adds itself here, e.g. `if (config.slack) starters.push(startSlack);`
  if (config.slack) starters.push(startSlack);
  if (config.discord) starters.push(startDiscord);
  return starters;
}

export type StartResult = { ok: true } | { ok: false; message: string };

/** The one channel of the terminal chat. */
export const TERMINAL_CHANNEL: ChannelRef = { platform: 'terminal', workspace: 'local', channel: 'local' };

export async function startBot(input: StartDeps): Promise<StartResult> {
  // Every line crashbot logs is redacted here, whoever wrote it (warnings can quote a paste).
  const deps: StartDeps = { ...input, log: (text) => input.log(redactSecrets(text).text) };
  const { config, kb } = deps;
  const opened = await openStore(config, deps.log);
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
    deps.log(
      `crashbot: health and metrics on http://${hostForUrl(observer.host)}:${observer.port}/metrics\n`,
    );
  }
  const created = createBot({
    kb,
    store,
    now: () => new Date(),
    timezone: config.timezone,
    maxLogBytes: config.maxLogBytes,
    chartPng: (svg) => renderChartPng(svg),
    limits: {
      perUser: { max: config.limits.userPerMinute, windowMs: 60_000 },
      perChannel: { max: config.limits.channelPerMinute, windowMs: 60_000 },
      listenCooldownMs: config.limits.listenCooldownSeconds * 1000,
    },
    logger: {
      warn: (message, data) => {
        // The shared bot warns when the store fails it.
        observer?.countError('store');
        deps.log(`warning: ${message} ${data ? JSON.stringify(data) : ''}\n`);
      },
    },
  });
  const bot = observer ? observer.instrument(created) : created;
  try {
    const starters = frontEndsFor(config);
    if (starters.length === 0) {
      observer?.setFrontEnds([]);
      await runTerminal(deps, bot, store);
      return { ok: true };
    }
    const log = observer ? observer.tapLog(deps.log) : deps.log;
    return await runChat(deps, starters, { config, kb, bot, store, log }, observer);
  } finally {
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
  deps: StartDeps,
  starters: FrontEndStarter[],
  ctx: FrontEndContext,
  observer: Observer | null,
): Promise<StartResult> {
  const running: ChatFrontEnd[] = [];
  const stopAll = async () => {
    for (const f of running.splice(0))
      await f.stop().catch((err: Error) => deps.log(`stopping ${f.platform}: ${err.message}\n`));
  };
  try {
    for (const start of starters) running.push(await start(ctx));
  } catch (err) {
    await stopAll();
    return { ok: false, message: (err as Error).message };
  }
  observer?.setFrontEnds(running);
  const byPlatform = new Map(running.map((f) => [f.platform, f]));
  const scheduler = createSummaryScheduler({
    store: ctx.store,
    clock: systemClock(),
    owner: randomUUID(),
    defaultTimeZone: ctx.config.timezone,
    build: (channel, week) => ctx.bot.summary(channel, week),
    post: async (channel, reply, key) => {
      const f = byPlatform.get(channel.platform);
      if (!f) throw new Error(`no front end for ${channel.platform}`);
      await f.post(channel, reply, key);
    },
    logger: {
      info: () => {},
      warn: (message, data) => {
        observer?.countError('summary');
        deps.log(`summary: ${message} ${data ? JSON.stringify(data) : ''}\n`);
      },
    },
  });
  const stop = new AbortController();
  const signal = deps.signal ?? processSignal();
  signal.addEventListener('abort', () => stop.abort(), { once: true });
  deps.log(`crashbot: running on ${running.map((f) => f.platform).join(' and ')}\n`);
  try {
    await scheduler.run(stop.signal);
  } finally {
    await stopAll();
  }
  return { ok: true };
}

function processSignal(): AbortSignal {
  const c = new AbortController();
  const abort = () => c.abort();
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  return c.signal;
}

async function runTerminal(deps: StartDeps, bot: Bot, store: CrashStore): Promise<void> {
  if (deps.stdin.isTTY) {
    const where =
      store.kind === 'sqlite' ? deps.config.store.kind === 'sqlite' && deps.config.store.path : 'PostgreSQL';
    deps.log(`crashbot: no chat tokens set; terminal chat, records in ${where}\n`);
  }
  await runTerminalChat({
    input: deps.stdin,
    write: deps.write,
    interactive: Boolean(deps.stdin.isTTY),
    handlers: {
      async message(text) {
        const outcome = await bot.handleMessage({
          channel: TERMINAL_CHANNEL,
          userId: 'local',
          text,
          mode: 'mention',
        });
        return outcome.kind === 'reply' ? outcome.reply : null;
      },
      async command(text) {
        return terminalCommand(bot, text);
      },
    },
  });
}

async function terminalCommand(bot: Bot, text: string): Promise<Reply> {
  const [head, ...rest] = text.slice(1).split(/\s+/);
  if (head === 'help') return helpReply();
  if (head !== 'crash') return noticeReply(`Unknown command /${head}`, 'Try `/crash help`.');
  return (await bot.handleCommand(TERMINAL_CHANNEL, 'local', rest.join(' '))).reply;
}
