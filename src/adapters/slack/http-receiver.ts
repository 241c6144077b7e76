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
    if (req.method === 'POST' && path === EVENTS_PATH) {
      this.checkShape(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(400).end();
      });
      return;
    }
    this.inner.requestListener(req, res);
  }

  /**
   * Reads the body (Bolt takes a read body as it is) and refuses with 400 the ones whose
   * shape Bolt cannot read: it would throw outside any handler (a JSON `null` leaves the
   * request hanging and an unhandled rejection) or answer 500, which Slack retries.
   */
  private async checkShape(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        req.resume();
        return;
      }
      parts.push(chunk as Buffer);
    }
    const raw = Buffer.concat(parts);
    if (unreadable(raw.toString(), req.headers['content-type'])) {
      this.opts.logger.warn('refused a request whose body has no readable Slack payload');
      res.writeHead(400).end();
      return;
    }
    Object.assign(req, { rawBody: raw });
    this.inner.requestListener(req, res);
  }

  private fromTheFuture(req: IncomingMessage): boolean {
    const ts = Number(req.headers['x-slack-request-timestamp']);
    const now = (this.opts.now?.() ?? Date.now()) / 1000;
    return Number.isFinite(ts) && ts - now > MAX_CLOCK_SKEW_S;
  }
}

/** Bolt's own limit on a request body. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** True for a body that parses but not into a payload Bolt can route; unparsable ones are Bolt's to refuse. */
export function unreadable(body: string, contentType: string | undefined): boolean {
  let parsed: unknown;
  const form = contentType === 'application/x-www-form-urlencoded';
  try {
    if (form) {
      const fields = new URLSearchParams(body);
      const payload = fields.get('payload');
      // A slash command: its fields are strings, and only the team id can trip Bolt.
      if (payload === null)
        return inheritedName(fields.get('team_id')) || inheritedName(fields.get('enterprise_id'));
      parsed = JSON.parse(payload);
    } else {
      parsed = JSON.parse(body);
    }
  } catch {
    return false;
  }
  if (!isObject(parsed)) return true;
  const b = parsed;
  if (teamIds(b).some(inheritedName)) return true;
  const objects = (v: unknown) => Array.isArray(v) && v.every(isObject);
  if (b.type === 'event_callback' || 'event' in b) {
    const e = b.event;
    if (!isObject(e) || ('item' in e && !isObject(e.item))) return true;
    if (['channel', 'user'].some((f) => f in e && typeof e[f] !== 'string' && !isObject(e[f]))) return true;
    return 'authorizations' in b && !objects(b.authorizations);
  }
  // Interactions: Bolt reads these fields' ids (the user's always) and matches ids as strings.
  if ((form || (typeof b.type === 'string' && INTERACTIONS.has(b.type))) && !isObject(b.user)) return true;
  if ((b.type === 'view_submission' || b.type === 'view_closed') && !isObject(b.view)) return true;
  if (INTERACTION_OBJECTS.some((f) => f in b && !isObject(b[f]))) return true;
  if ('team' in b && b.team !== null && !isObject(b.team)) return true;
  if ('callback_id' in b && typeof b.callback_id !== 'string') return true;
  if ('actions' in b && !(objects(b.actions) && (b.actions as Record<string, unknown>[]).every(isAction)))
    return true;
  return false;
}

/**
 * Bolt keeps a client pool per team in a plain object (`clients[teamId]`): a team id named
 * like one of Object.prototype's properties (`constructor`, `__proto__`) makes it throw.
 */
const inheritedName = (id: unknown): boolean => typeof id === 'string' && id in Object.prototype;

function teamIds(b: Record<string, unknown>): unknown[] {
  const idOf = (v: unknown, key = 'id') => (isObject(v) ? v[key] : undefined);
  const first = Array.isArray(b.authorizations) ? b.authorizations[0] : undefined;
  return [
    b.team_id,
    b.enterprise_id,
    idOf(b.team),
    idOf(b.enterprise),
    idOf(b.user, 'team_id'),
    idOf(first, 'team_id'),
    idOf(first, 'enterprise_id'),
    idOf(b.view, 'app_installed_team_id'),
  ];
}

const INTERACTIONS = new Set([
  'block_actions',
  'block_suggestion',
  'dialog_submission',
  'interactive_message',
  'message_action',
  'shortcut',
  'view_closed',
  'view_submission',
]);
const INTERACTION_OBJECTS = ['channel', 'user', 'message', 'container', 'view'];
const isAction = (a: Record<string, unknown>) =>
  typeof a.action_id === 'string' && (a.block_id === undefined || typeof a.block_id === 'string');
