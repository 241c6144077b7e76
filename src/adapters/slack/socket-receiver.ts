// Socket Mode: Bolt's SocketModeReceiver with its own reconnecting switched off and
// done here instead. Every connection attempt is ours, bounded by a timeout, and its
// failure handled, so stopping while a reconnect is under way cannot leave a rejected
// promise behind (which ends a Node 20 process).
import { type App, type Logger, type Receiver, SocketModeReceiver, type webApi } from '@slack/bolt';
import type { Logger as Log } from '../../app/logger.js';
import { slackErrorCode } from './channel.js';

export interface SocketReceiverOptions {
  appToken: string;
  logger: Logger;
  log: Log;
  /** Called when the connection is lost or cannot be made (counted as a front end failure). */
  onTrouble?: () => void;
  /** For apps.connections.open: the API URL, retries, request timeout. */
  clientOptions: webApi.WebClientOptions;
  /** A pong must answer a ping within this. */
  pingTimeoutMs: number;
  /** Bound on one attempt: apps.connections.open, the WebSocket, Slack's hello. */
  connectTimeoutMs: number;
  /** Waits between reconnect attempts; the last one repeats. */
  reconnectDelaysMs: readonly number[];
}

/** Errors that retrying cannot fix: a wrong or revoked app token. */
const FATAL = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'not_allowed_token_type',
  'token_revoked',
]);

export class ManagedSocketReceiver implements Receiver {
  readonly inner: SocketModeReceiver;
  private stopping = false;
  private starting = false;
  private connected = false;
  private attempt: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(private readonly opts: SocketReceiverOptions) {
    this.inner = new SocketModeReceiver({
      appToken: opts.appToken,
      logger: opts.logger,
      clientPingTimeout: opts.pingTimeoutMs,
      autoReconnectEnabled: false,
      installerOptions: { clientOptions: opts.clientOptions },
    });
    const client = this.inner.client;
    client.on('connected', () => {
      this.connected = true;
    });
    client.on('disconnected', () => {
      this.connected = false;
      if (!this.stopping && !this.attempt) {
        opts.log.warn('Socket Mode connection lost; reconnecting');
        opts.onTrouble?.();
        this.schedule();
      }
    });
  }

  init(app: App): void {
    this.inner.init(app);
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** Connects; fails at once on a bad app token, after three tries on anything else. */
  async start(): Promise<void> {
    this.stopping = false;
    this.starting = true;
    try {
      for (let tries = 1; ; tries++) {
        try {
          await this.connectOnce();
          return;
        } catch (err) {
          const code = slackErrorCode(err);
          if (FATAL.has(code) || tries >= 3 || this.stopping) throw err;
          this.opts.log.warn('Socket Mode connection failed; trying again', { code, tries });
          this.opts.onTrouble?.();
          await new Promise((r) => setTimeout(r, this.delay(tries - 1)));
        }
      }
    } finally {
      this.starting = false;
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.attempt;
    if (pending) {
      await this.inner.client.disconnect();
      await pending.catch(() => {});
    }
    await this.inner.client.disconnect();
  }

  private connectOnce(): Promise<void> {
    const client = this.inner.client;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no Socket Mode connection within ${this.opts.connectTimeoutMs} ms`));
        void client.disconnect();
      }, this.opts.connectTimeoutMs);
    });
    const attempt = Promise.race([client.start().then(() => undefined), timedOut]).finally(() => {
      clearTimeout(timer);
      if (this.attempt === attempt) this.attempt = null;
    });
    this.attempt = attempt;
    return attempt;
  }

  private delay(failures: number): number {
    const d = this.opts.reconnectDelaysMs;
    return d[Math.min(failures, d.length - 1)] ?? 1000;
  }

  private schedule(): void {
    if (this.timer || this.attempt || this.stopping || this.starting) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.reconnect();
    }, this.delay(this.failures));
  }

  private async reconnect(): Promise<void> {
    if (this.stopping) return;
    try {
      await this.connectOnce();
      this.failures = 0;
      this.opts.log.info('Socket Mode reconnected');
    } catch (err) {
      this.failures++;
      this.opts.onTrouble?.();
      this.opts.log.warn('Socket Mode reconnect failed', {
        code: slackErrorCode(err),
        failures: this.failures,
      });
    }
    if (this.stopping && this.connected) await this.inner.client.disconnect();
    else if (!this.stopping && !this.connected) this.schedule();
  }
}
