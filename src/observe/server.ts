// The health and metrics server, on crashbot's guarded HTTP server: /healthz answers 200
// while the process runs, /readyz 200 only when the bot can work (503 with the reasons
// otherwise), /metrics the Prometheus text format. GET and HEAD only; anything else is
// refused (404, 405) before it reaches a handler.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGuardedServer, type Route } from '../http/guarded-server.js';
import type { Readiness } from './readiness.js';

export interface ObserveServerOptions {
  port: number;
  host: string;
  /** The metrics in the text exposition format, and its content type. */
  metrics: () => Promise<{ contentType: string; text: string }>;
  readiness: () => Promise<Readiness>;
}

export interface ObserveServer {
  /** The port it listens on (the one picked when asked for port 0). */
  readonly port: number;
  readonly host: string;
  stop(): Promise<void>;
}

/** Listens on host:port; rejects with the listen error (port in use, bad host). */
export async function startObserveServer(opts: ObserveServerOptions): Promise<ObserveServer> {
  const get = (handle: (res: ServerResponse) => void | Promise<void>): Route => ({
    methods: ['GET', 'HEAD'],
    handle: (_req: IncomingMessage, res: ServerResponse) => handle(res),
  });
  const server = createGuardedServer({
    routes: {
      '/healthz': get((res) => send(res, 200, 'text/plain; charset=utf-8', 'ok\n')),
      '/metrics': get(async (res) => {
        const m = await opts.metrics();
        send(res, 200, m.contentType, m.text);
      }),
      '/readyz': get(async (res) => {
        const r = await opts.readiness();
        if (r.ready) return send(res, 200, 'text/plain; charset=utf-8', 'ready\n');
        send(res, 503, 'text/plain; charset=utf-8', `not ready\n${r.reasons.join('\n')}\n`);
      }),
    },
  });
  const port = await server.listen(opts.port, opts.host);
  return { port, host: opts.host, stop: () => server.stop(0) };
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
