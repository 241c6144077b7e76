// The one way crashbot serves HTTP (Slack's HTTP mode, health and metrics): a node:http
// server that only lets through the requests a route was written for, whatever the open
// internet sends. Unknown paths get 404 and other methods 405 (with Allow) before any
// handler runs; a body is read only for a route that takes one, up to its size (a larger
// Content-Length is refused before a byte is read) and within a deadline, from a budget
// of bytes in flight shared by every request; connections are capped; slow headers,
// bodies and idle connections are timed out. A handler that throws answers 500, never
// ends the process.
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { BodyBudget } from './body-budget.js';
import { readBody } from './read-body.js';

/** What a route says about a request from its headers alone, before its body is read. */
export type Admission = { ok: true; maxBodyBytes?: number } | { ok: false; status: number };

export interface Route {
  /** The methods it answers (GET does not imply HEAD: list both). */
  readonly methods: readonly string[];
  /** The largest body it reads; without it, a request with a body is refused (413). */
  readonly maxBodyBytes?: number;
  /** Looks at the headers before any body byte is read: refuse, or narrow the body size. */
  admit?(req: IncomingMessage): Admission;
  /** Answers the request; `body` is the whole body (empty without one). `req.url` is the path and query. */
  handle(req: IncomingMessage, res: ServerResponse, body: Buffer): void | Promise<void>;
}

export interface GuardLimits {
  /** Open connections at once; more are answered 503 and closed. */
  maxConnections: number;
  /** Body bytes held by all requests being read; the largest is shed (503) when more arrive. */
  maxBodyBytesInFlight: number;
  /** From connection (or the end of the previous request) to the end of the headers. */
  headersTimeoutMs: number;
  /** From the end of the headers to the end of the body. */
  bodyTimeoutMs: number;
  /** An idle kept-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_LIMITS: GuardLimits = {
  maxConnections: 1024,
  maxBodyBytesInFlight: 16 * 1024 * 1024,
  headersTimeoutMs: 5_000,
  bodyTimeoutMs: 5_000,
  keepAliveTimeoutMs: 5_000,
};

export type RefusalReason =
  | 'target'
  | 'path'
  | 'method'
  | 'admission'
  | 'too-large'
  | 'no-body-here'
  | 'busy'
  | 'shed'
  | 'slow'
  | 'connections'
  | 'handler-failed';

export interface GuardedServerOptions {
  /** Exact paths (after `.` and `..` segments are resolved; no trailing-slash variants). */
  routes: Readonly<Record<string, Route>>;
  limits?: Partial<GuardLimits>;
  /** Hears of every refusal, e.g. to count them. */
  onRefuse?: (status: number, reason: RefusalReason) => void;
  /** Hears of a handler that threw or rejected (its request was answered 500). */
  onError?: (err: unknown) => void;
}

export interface GuardedServer {
  readonly server: Server;
  /** Listens on host:port (every interface when host is undefined); resolves with the port. */
  listen(port: number, host?: string): Promise<number>;
  /** The port it listens on, undefined before listen and after stop. */
  readonly port: number | undefined;
  /** Body bytes held now by requests being read (for tests and metrics). */
  readonly bodyBytesInFlight: number;
  /** Stops accepting, lets requests in progress finish for up to `graceMs`, then closes the rest. */
  stop(graceMs?: number): Promise<void>;
}

export function createGuardedServer(opts: GuardedServerOptions): GuardedServer {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const routes = new Map(Object.entries(opts.routes));
  const budget = new BodyBudget(limits.maxBodyBytesInFlight);
  const overCap = new WeakSet<Socket>();
  const expectsContinue = new WeakSet<IncomingMessage>();
  let connections = 0;
  let listening = false;

  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    reason: RefusalReason,
    headers: Record<string, string> = {},
  ): void => {
    opts.onRefuse?.(status, reason);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // A body still on its way is not read: the connection closes after the answer.
    const unread = !req.complete && hasBody(req);
    const text = `${(STATUS_CODES[status] ?? 'error').toLowerCase()}\n`;
    res.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
      ...(unread && { connection: 'close' }),
      ...(status === 503 && { 'retry-after': '1' }),
      ...headers,
    });
    res.end(req.method === 'HEAD' ? undefined : text);
  };

  const run = (route: Route, req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const failed = (err: unknown) => {
      opts.onError?.(err);
      refuse(req, res, 500, 'handler-failed');
    };
    try {
      const done = route.handle(req, res, body);
      if (done) done.catch(failed);
    } catch (err) {
      failed(err);
    }
  };

  const dispatch = (req: IncomingMessage, res: ServerResponse) => {
    const target = requestTarget(req.url);
    if (!target) return refuse(req, res, 400, 'target');
    const route = routes.get(target.pathname);
    if (!route) return refuse(req, res, 404, 'path');
    if (!route.methods.includes(req.method ?? ''))
      return refuse(req, res, 405, 'method', { allow: route.methods.join(', ') });
    const admission = route.admit?.(req) ?? { ok: true };
    if (!admission.ok) return refuse(req, res, admission.status, 'admission');
    const max = Math.min(route.maxBodyBytes ?? 0, admission.maxBodyBytes ?? Number.POSITIVE_INFINITY);
    // Handlers see the canonical target, whatever form it came in (absolute, with dot segments).
    req.url = target.pathname + target.search;
    if (!hasBody(req)) return run(route, req, res, EMPTY);
    if (max === 0) return refuse(req, res, 413, 'no-body-here');
    if (declaredLength(req) > max) return refuse(req, res, 413, 'too-large');
    if (expectsContinue.has(req)) res.writeContinue();
    void readBody(req, { maxBytes: max, timeoutMs: limits.bodyTimeoutMs, budget }).then((read) => {
      if (read.ok) run(route, req, res, read.body);
      else if (read.status) refuse(req, res, read.status, read.reason);
    });
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    if (overCap.has(req.socket)) return;
    try {
      dispatch(req, res);
    } catch (err) {
      opts.onError?.(err);
      refuse(req, res, 500, 'handler-failed');
    }
  };

  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs + 1_000,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    onRequest,
  );
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    expectsContinue.add(req);
    onRequest(req, res);
  });
  server.prependListener('connection', (socket: Socket) => {
    if (connections >= limits.maxConnections) {
      overCap.add(socket);
      opts.onRefuse?.(503, 'connections');
      socket.on('error', () => {});
      socket.end(OVER_CAPACITY, () => socket.destroy());
      return;
    }
    connections++;
    socket.once('close', () => connections--);
  });

  return {
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          listening = true;
          resolve((server.address() as AddressInfo).port);
        });
      }),
    get port() {
      return listening ? (server.address() as AddressInfo | null)?.port : undefined;
    },
    get bodyBytesInFlight() {
      return budget.inFlight;
    },
    stop: (graceMs = 2_000) =>
      new Promise<void>((resolve) => {
        if (!listening) return resolve();
        listening = false;
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

const EMPTY = Buffer.alloc(0);
const OVER_CAPACITY =
  'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n';

/**
 * The request target as a URL: origin-form (`/path?query`, where `//x/y` is a path, not a
 * host) or absolute-form (`http://host/path`); `.` and `..` segments resolved. Null for
 * `*` (asterisk-form), authority-form and anything that does not parse.
 */
export function requestTarget(url: string | undefined): URL | null {
  try {
    if (url?.startsWith('/')) return new URL(`http://localhost${url}`);
    if (url && /^https?:\/\//i.test(url)) return new URL(url);
  } catch {
    // not a URL
  }
  return null;
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || declaredLength(req) > 0;
}

function declaredLength(req: IncomingMessage): number {
  const n = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(n) ? n : 0;
}
