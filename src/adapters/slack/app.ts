// Builds the Bolt app for one workspace: the receiver for the configured transport
// (Socket Mode or HTTP), the WebClient pointed at SLACK_API_URL with our retries,
// event dedupe (in memory first, then a claim in the store, so a retry or replay that
// reaches another instance is not answered twice), the listeners, and the weekly
// summary post.
import { App, type Receiver } from '@slack/bolt';
import type { Bot } from '../../app/bot.js';
import type { KnowledgeBase } from '../../core/knowledge.js';
import type { Reply } from '../../core/reply/model.js';
import type { ChannelRef, CrashStore } from '../../store/types.js';
import { createDeduper, dedupeKey } from './dedupe.js';
import { SlackAdapterError } from './errors.js';
import { SignedHttpReceiver } from './http-receiver.js';
import { listenForCommand } from './listeners/command.js';
import type { ListenerDeps } from './listeners/deps.js';
import { listenForFeedback } from './listeners/feedback.js';
import { listenForMentions } from './listeners/mention.js';
import { listenForMessages } from './listeners/messages.js';
import { listenForShortcut } from './listeners/shortcut.js';
import { boltLevel, createSlackLoggers, type Level } from './logger.js';
import { createPoster, slackErrorCode } from './poster.js';
import { createReplyIndex } from './reply-index.js';
import { ManagedSocketReceiver } from './socket-receiver.js';
import { postSummary } from './summary-post.js';
import { DEFAULT_TUNING, type SlackTuning } from './tuning.js';

export type SlackTransport =
  | { kind: 'socket'; appToken: string }
  | { kind: 'http'; signingSecret: string; port: number; host?: string };

export interface SlackAppOptions {
  bot: Bot;
  kb: KnowledgeBase;
  store: Pick<CrashStore, 'getSettings' | 'claimDelivery'>;
  botToken: string;
  transport: SlackTransport;
  /** The Web API base URL (SLACK_API_URL); Slack's own when undefined. */
  apiUrl?: string | undefined;
  /** The Bot's limit on a log, also the cap on a downloaded file. */
  maxLogBytes: number;
  write: (text: string) => void;
  logLevel: Level;
  tuning?: Partial<SlackTuning>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface SlackRunning {
  readonly transport: SlackTransport['kind'];
  /** HTTP mode: the port events arrive on. */
  readonly port: number | undefined;
  post(channel: ChannelRef, reply: Reply, key: string): Promise<void>;
  stop(): Promise<void>;
  /** Socket Mode: connected now; HTTP mode: listening. */
  ready(): boolean;
}

export async function startSlackApp(opts: SlackAppOptions): Promise<SlackRunning> {
  const tuning = { ...DEFAULT_TUNING, ...opts.tuning };
  const now = opts.now ?? Date.now;
  const { log, bolt } = createSlackLoggers(opts.write, opts.logLevel);
  const apiUrl = opts.apiUrl ? (opts.apiUrl.endsWith('/') ? opts.apiUrl : `${opts.apiUrl}/`) : undefined;
  const clientOptions = {
    retryConfig: tuning.retryConfig,
    timeout: tuning.requestTimeoutMs,
    ...(apiUrl && { slackApiUrl: apiUrl }),
  };
  const receiver: SignedHttpReceiver | ManagedSocketReceiver =
    opts.transport.kind === 'http'
      ? new SignedHttpReceiver({
          signingSecret: opts.transport.signingSecret,
          logger: bolt,
          ...(opts.transport.host && { host: opts.transport.host }),
          now,
        })
      : new ManagedSocketReceiver({
          appToken: opts.transport.appToken,
          logger: bolt,
          log,
          clientOptions: { ...clientOptions, logger: bolt },
          pingTimeoutMs: tuning.pingTimeoutMs,
          connectTimeoutMs: tuning.connectTimeoutMs,
          reconnectDelaysMs: tuning.reconnectDelaysMs,
        });
  const app = new App({
    token: opts.botToken,
    receiver: receiver as Receiver,
    logger: bolt,
    // Without it Bolt sets the logger back to INFO, and LOG_LEVEL=debug would show nothing of Bolt's.
    logLevel: boltLevel(opts.logLevel),
    clientOptions,
    deferInitialization: true,
    convoStore: false,
  });
  const poster = createPoster({
    log,
    sleep: opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    retryDelaysMs: tuning.retryDelaysMs,
  });
  const deps: ListenerDeps = {
    bot: opts.bot,
    kb: opts.kb,
    store: opts.store,
    maxLogBytes: opts.maxLogBytes,
    poster,
    log,
    index: createReplyIndex(tuning.replyIndexMax),
    maxFiles: tuning.maxFiles,
    files: {
      token: opts.botToken,
      extraOrigins: apiUrl ? [new URL(apiUrl).origin] : [],
      maxBytes: opts.maxLogBytes,
      timeoutMs: tuning.fileTimeoutMs,
    },
  };

  const seen = createDeduper({ ttlMs: tuning.dedupeTtlMs, max: tuning.dedupeMax, now });
  const firstInStore = (key: string) =>
    opts.store.claimDelivery(`slack:${key}`, new Date(now()), tuning.dedupeTtlMs).catch((err: unknown) => {
      log.warn('could not check the store for a repeated delivery; handling it', {
        error: (err as Error).message,
      });
      return true;
    });
  app.use(async (args) => {
    const key = dedupeKey(args.body);
    if (key && (!seen.first(key) || !(await firstInStore(key)))) {
      log.debug('ignored a repeated delivery', { key });
      if ('ack' in args && typeof args.ack === 'function') await args.ack();
      return;
    }
    await args.next();
  });
  listenForMentions(app, deps);
  listenForMessages(app, deps);
  listenForShortcut(app, deps);
  listenForCommand(app, deps);
  listenForFeedback(app, deps);
  app.error(async (err) => {
    log.error('a Slack listener failed', { code: err.code, error: err.message });
  });

  try {
    await app.init();
  } catch (err) {
    const code = slackErrorCode(err);
    throw new SlackAdapterError('SLACK_AUTH_FAILED', `Slack refused SLACK_BOT_TOKEN (${code})`, {
      cause: err,
    });
  }
  try {
    await (opts.transport.kind === 'http' ? app.start(opts.transport.port) : app.start());
  } catch (err) {
    const code = opts.transport.kind === 'http' ? 'SLACK_LISTEN_FAILED' : 'SLACK_CONNECT_FAILED';
    const what =
      opts.transport.kind === 'http' ? `listen on port ${opts.transport.port}` : 'connect in Socket Mode';
    throw new SlackAdapterError(code, `could not ${what}: ${slackErrorCode(err)} ${(err as Error).message}`, {
      cause: err,
    });
  }

  return {
    transport: opts.transport.kind,
    port: receiver instanceof SignedHttpReceiver ? receiver.port : undefined,
    post: (channel, reply, key) => postSummary({ poster, log }, app.client, channel, reply, key),
    stop: () => app.stop() as Promise<void>,
    ready: () =>
      receiver instanceof SignedHttpReceiver ? receiver.port !== undefined : receiver.isConnected,
  };
}
