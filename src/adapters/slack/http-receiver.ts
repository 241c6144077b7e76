// HTTP mode: Bolt's HTTPReceiver behind a server of our own, which adds what Bolt lets
// through (a request timestamped in the future) and a health check. Bolt still checks
// the signature (HMAC-SHA256 of `v0:<timestamp>:<body>`) and stale timestamps.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type App, HTTPReceiver, type Logger, type Receiver } from '@slack/bolt';

export const EVENTS_PATH = '/slack/events';
/** Slack's own rule: a request more than five minutes off the clock is refused. */
export const MAX_CLOCK_SKEW_S = 300;

export interface HttpReceiverOptions {
  signingSecret: string;
  logger: Logger;
  /** Interface to listen on (default: all). */
  host?: string;
  now?: () => number;
}

export class SignedHttpReceiver implements Receiver {
  private readonly inner: HTTPReceiver;
  private server: Server | undefined;

  constructor(private readonly opts: HttpReceiverOptions) {
    this.inner = new HTTPReceiver({
      signingSecret: opts.signingSecret,
      endpoints: EVENTS_PATH,
      logger: opts.logger,
      processBeforeResponse: false,
      signatureVerification: true,
    });
  }

  init(app: App): void {
    this.inner.init(app);
  }

  async start(port: number): Promise<Server> {
    const server = createServer((req, res) => this.handle(req, res));
    server.requestTimeout = 15_000;
    server.headersTimeout = 10_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return server;
  }

  /** The port the server listens on (useful with port 0). */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 2000).unref();
    });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok\n');
      return;
    }
    if (req.method === 'POST' && path === EVENTS_PATH && this.fromTheFuture(req)) {
      this.opts.logger.warn('refused a request timestamped in the future');
      req.resume();
      res.writeHead(401);
      res.end();
      return;
    }
    this.inner.requestListener(req, res);
  }

  private fromTheFuture(req: IncomingMessage): boolean {
    const ts = Number(req.headers['x-slack-request-timestamp']);
    const now = (this.opts.now?.() ?? Date.now()) / 1000;
    return Number.isFinite(ts) && ts - now > MAX_CLOCK_SKEW_S;
  }
}
