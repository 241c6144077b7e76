// Builds the Bolt app for one workspace: the receiver for the configured transport
// (Socket Mode or HTTP), the WebClient pointed at SLACK_API_URL with its own retries
// (the only ones), the listeners that turn Slack's payloads into Incoming values for
// the conversation pipeline, and the weekly summary post.

import { App, type Receiver } from '@slack/bolt';
import type { Conversation } from '../../app/conversation/conversation.js';
import type { Incoming } from '../../app/conversation/incoming.js';
import type { ConversationEvents } from '../../app/conversation/ports.js';
import type { Logger } from '../../app/logger.js';
import type { ChannelRef } from '../../app/ports.js';
import type { Reply } from '../../core/reply/model.js';
import { slackErrorCode } from './channel.js';
import { SlackAdapterError, startupError } from './errors.js';
import { listenForEvents } from './events.js';
import { SignedHttpReceiver } from './http-receiver.js';
import { listenForInteractions } from './interactions.js';
import { boltLevel, boltLogger, type Level } from './logger.js';
import { ManagedSocketReceiver } from './socket-receiver.js';
import { postSummary } from './summary-post.js';
import { slackSurface } from './surface.js';
import { DEFAULT_TUNING, type SlackTuning } from './tuning.js';

export type SlackTransport =
  | { kind: 'socket'; appToken: string }
  | { kind: 'http'; signingSecret: string; port: number; host?: string };

export interface SlackAppOptions {
  conversation: Conversation;
  /** Where the app's own failures are counted (a listener that threw, a lost connection). */
  events?: ConversationEvents;
  botToken: string;
  transport: SlackTransport;
  /** The Web API base URL (SLACK_API_URL); Slack's own when undefined. */
  apiUrl?: string | undefined;
  log: Logger;
  logLevel: Level;
  tuning?: Partial<SlackTuning>;
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
  const log = opts.log.child({ name: 'slack' });
  const bolt = boltLogger(opts.log, opts.logLevel);
  /** Where the Web API calls go (Slack's own unless SLACK_API_URL says otherwise). */
  const SLACK_API = 'https://slack.com/api/';
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
          now: opts.now ?? Date.now,
        })
      : new ManagedSocketReceiver({
          appToken: opts.transport.appToken,
          logger: bolt,
          log,
          clientOptions: { ...clientOptions, logger: bolt },
          pingTimeoutMs: tuning.pingTimeoutMs,
          connectTimeoutMs: tuning.connectTimeoutMs,
          reconnectDelaysMs: tuning.reconnectDelaysMs,
          onTrouble: () => opts.events?.failed?.('frontend'),
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
  let botUserId: string | undefined;
  let botName: string | undefined;
  const attached = opts.conversation.attach(
    slackSurface({
      client: app.client,
      token: opts.botToken,
      extraOrigins: apiUrl ? [new URL(apiUrl).origin] : [],
      botUserId: () => botUserId,
      botName: () => botName,
      requestTimeoutMs: tuning.requestTimeoutMs,
      log,
    }),
  );
  // The listeners (and so the HTTP 200) wait for the event to be kept, but not for long.
  const within = (ms: number) => (x: Incoming) =>
    Promise.race([attached(x), new Promise<void>((r) => setTimeout(r, ms).unref())]);
  listenForEvents(app, within(tuning.ackWaitMs.events), log);
  listenForInteractions(app, within(tuning.ackWaitMs.interactions), log);
  app.error(async (err) => {
    opts.events?.failed?.('frontend');
    log.error('a Slack listener failed', { code: err.code, error: err.message });
  });

  try {
    await app.init();
    ({ user_id: botUserId, user: botName } = await app.client.auth.test());
  } catch (err) {
    throw startupError(err, 'SLACK_BOT_TOKEN', apiUrl ?? SLACK_API, 'SLACK_AUTH_FAILED');
  }
  try {
    await (opts.transport.kind === 'http' ? app.start(opts.transport.port) : app.start());
  } catch (err) {
    if (opts.transport.kind === 'socket')
      throw startupError(err, 'SLACK_APP_TOKEN', apiUrl ?? SLACK_API, 'SLACK_CONNECT_FAILED');
    throw new SlackAdapterError(
      'SLACK_LISTEN_FAILED',
      `could not listen on port ${opts.transport.port}: ${slackErrorCode(err)} ${(err as Error).message}; set PORT (and HOST) to a free port this user may open`,
      { cause: err },
    );
  }

  return {
    transport: opts.transport.kind,
    port: receiver instanceof SignedHttpReceiver ? receiver.port : undefined,
    post: (channel, reply, key) => postSummary(app.client, log, channel, reply, key),
    stop: async () => {
      await app.stop();
      await opts.conversation.drain(tuning.drainMs);
    },
    ready: () =>
      receiver instanceof SignedHttpReceiver ? receiver.port !== undefined : receiver.isConnected,
  };
}
