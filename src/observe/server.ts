// The health and metrics server (node:http): /healthz answers 200 while the process
// runs, /readyz 200 only when the bot can work (503 with the reasons otherwise),
// /metrics the Prometheus text format. GET and HEAD only; anything else is refused.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readiness } from './readiness.js';
import { EXPOSITION_CONTENT_TYPE } from './registry.js';

export interface ObserveServerOptions {
  port: number;
  host: string;
  /** The metrics in the text exposition format. */
  metrics: () => string;
  readiness: () => Promise<Readiness>;
}

export interface ObserveServer {
  /** The port it listens on (the one picked when asked for port 0). */
  readonly port: number;
  readonly host: string;
  stop(): Promise<void>;
}

const PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Listens on host:port; rejects with the listen error (port in use, bad host). */
export async function startObserveServer(opts: ObserveServerOptions): Promise<ObserveServer> {
  const server = createServer((req, res) => {
    route(opts, req, res).catch((err: Error) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `error: ${err.message}\n`);
      else res.destroy();
    });
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await listen(server, opts.port, opts.host);
  return {
    port: (server.address() as AddressInfo).port,
    host: opts.host,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function route(opts: ObserveServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume();
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (!PATHS.has(path)) return send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return send(res, 405, 'text/plain; charset=utf-8', 'method not allowed\n');
  }
  if (path === '/healthz') return send(res, 200, 'text/plain; charset=utf-8', 'ok\n');
  if (path === '/metrics') return send(res, 200, EXPOSITION_CONTENT_TYPE, opts.metrics());
  const r = await opts.readiness();
  if (r.ready) return send(res, 200, 'text/plain; charset=utf-8', 'ready\n');
  send(res, 503, 'text/plain; charset=utf-8', `not ready\n${r.reasons.join('\n')}\n`);
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
