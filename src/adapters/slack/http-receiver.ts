// HTTP mode: Bolt's HTTPReceiver behind crashbot's guarded server, which lets through
// only signed-looking POSTs to /slack/events (and GET /healthz) and bounds what they can
// cost before Bolt checks the signature (HMAC-SHA256 of `v0:<timestamp>:<body>`): the
// headers must carry a signature and a timestamp within five minutes of the clock, and
// the body is read up to a size, within a deadline, from the server's shared budget.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type App, HTTPReceiver, type Logger, type Receiver } from '@slack/bolt';
import {
  type Admission,
  createGuardedServer,
  type GuardedServer,
  type GuardLimits,
} from '../../http/guarded-server.js';

export const EVENTS_PATH = '/slack/events';
/** Slack's own rule: a request more than five minutes off the clock is refused. */
export const MAX_CLOCK_SKEW_S = 300;
/**
 * The largest request body read. Slack's biggest payloads (a 40,000-character message
 * edited, with its blocks and the previous version) stay well under it.
 */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** An unsigned form post is only Slack's `ssl_check=1&token=...`, which is tiny. */
const MAX_UNSIGNED_BYTES = 1024;

export interface HttpReceiverOptions {
  signingSecret: string;
  logger: Logger;
  /** Interface to listen on (default: all). */
  host?: string;
  now?: () => number;
  limits?: Partial<GuardLimits>;
}

export class SignedHttpReceiver implements Receiver {
  private readonly inner: HTTPReceiver;
  private server: GuardedServer | undefined;

  constructor(private readonly opts: HttpReceiverOptions) {
    this.inner = new HTTPReceiver({
      signingSecret: opts.signingSecret,
      endpoints: EVENTS_PATH,
      logger: opts.logger,
      // The 200 goes out once the listeners have returned: the pipeline's handler returns once
      // the event is kept in the store (src/app/inbox), so an acknowledged event is never lost.
      processBeforeResponse: true,
      signatureVerification: true,
    });
  }

  init(app: App): void {
    this.inner.init(app);
  }

  async start(port: number): Promise<GuardedServer> {
    const server = createGuardedServer({
      routes: {
        [EVENTS_PATH]: {
          methods: ['POST'],
          maxBodyBytes: MAX_BODY_BYTES,
          admit: (req) => this.admit(req),
          handle: (req, res, body) => this.event(req, res, body),
        },
        '/healthz': {
          methods: ['GET', 'HEAD'],
          handle: (_req, res) => {
            res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
            res.end('ok\n');
          },
        },
      },
      ...(this.opts.limits && { limits: this.opts.limits }),
      onError: (err) => this.opts.logger.error(`an HTTP request failed: ${(err as Error)?.message ?? err}`),
    });
    await server.listen(port, this.opts.host);
    this.server = server;
    return server;
  }

  /** The port the server listens on (useful with port 0). */
  get port(): number | undefined {
    return this.server?.port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.stop();
  }

  /**
   * Before the body: Slack signs every request it sends, so one without a signature or
   * with a timestamp more than five minutes off is refused unread (Bolt would refuse it
   * too, after reading it). The exception is Slack's unsigned `ssl_check`, a tiny form.
   */
  private admit(req: IncomingMessage): Admission {
    const signature = req.headers['x-slack-signature'];
    const stamp = req.headers['x-slack-request-timestamp'];
    if (signature === undefined && stamp === undefined && isForm(req))
      return { ok: true, maxBodyBytes: MAX_UNSIGNED_BYTES };
    const ts = Number(stamp);
    if (typeof signature !== 'string' || !Number.isFinite(ts)) return { ok: false, status: 401 };
    const skew = ts - (this.opts.now?.() ?? Date.now()) / 1000;
    if (skew > MAX_CLOCK_SKEW_S) this.opts.logger.warn('refused a request timestamped in the future');
    if (Math.abs(skew) > MAX_CLOCK_SKEW_S) return { ok: false, status: 401 };
    return { ok: true };
  }

  /**
   * The body read (Bolt takes a read body as it is): refuses with 400 the ones whose
   * shape Bolt cannot read: it would throw outside any handler (a JSON `null` leaves the
   * request hanging and an unhandled rejection) or answer 500, which Slack retries.
   */
  private event(req: IncomingMessage, res: ServerResponse, raw: Buffer): void {
    if (unreadable(raw.toString(), req.headers['content-type'])) {
      this.opts.logger.warn('refused a request whose body has no readable Slack payload');
      res.writeHead(400).end();
      return;
    }
    Object.assign(req, { rawBody: raw });
    this.inner.requestListener(req, res);
  }
}

const isForm = (req: IncomingMessage) => req.headers['content-type'] === 'application/x-www-form-urlencoded';

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
