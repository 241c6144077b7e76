import { request } from 'node:http';
import { Counter, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReadiness, frontEndsProbe, type Readiness } from '../../src/observe/readiness.js';
import { type ObserveServer, startObserveServer } from '../../src/observe/server.js';
import { parseExposition, sample } from './parse-exposition.js';

const servers: ObserveServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

async function serve(readiness: () => Promise<Readiness>): Promise<string> {
  const r = new Registry();
  new Counter({ name: 'served_total', help: 'Demo.', labelNames: ['k'], registers: [r] }).inc({ k: 'a' }, 7);
  const metrics = async () => ({ contentType: r.contentType, text: await r.metrics() });
  const s = await startObserveServer({ port: 0, host: '127.0.0.1', metrics, readiness });
  servers.push(s);
  return `http://127.0.0.1:${s.port}`;
}

const ready = async (): Promise<Readiness> => ({ ready: true, reasons: [] });

/** A raw request (fetch refuses some methods and bodies on HEAD). */
function call(
  url: string,
  method: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the health and metrics server', () => {
  it('GIVEN GET /healthz THEN 200 ok', async () => {
    const base = await serve(ready);
    const r = await call(`${base}/healthz`, 'GET');
    expect([r.status, r.body]).toEqual([200, 'ok\n']);
  });

  it('GIVEN GET /metrics THEN 200 in the text format with the registry values', async () => {
    const base = await serve(ready);
    const r = await call(`${base}/metrics`, 'GET');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(sample(parseExposition(r.body), 'served_total', { k: 'a' })).toBe(7);
  });

  it('GIVEN the bot ready THEN /readyz is 200; GIVEN it not ready THEN 503 with the reasons', async () => {
    let state: Readiness = { ready: true, reasons: [] };
    const base = await serve(async () => state);
    expect((await call(`${base}/readyz`, 'GET')).status).toBe(200);
    state = { ready: false, reasons: ['store: database is locked', 'chat: not connected: slack'] };
    const r = await call(`${base}/readyz`, 'GET');
    expect(r.status).toBe(503);
    expect(r.body).toBe('not ready\nstore: database is locked\nchat: not connected: slack\n');
  });

  it('GIVEN a readiness check that throws THEN 500, and the server keeps answering', async () => {
    const base = await serve(async () => {
      throw new Error('boom');
    });
    expect((await call(`${base}/readyz`, 'GET')).status).toBe(500);
    expect((await call(`${base}/healthz`, 'GET')).status).toBe(200);
  });

  it.each([['/'], ['/metricsx'], ['/healthz/extra'], ['/slack/events']])(
    'GIVEN GET %s THEN 404',
    async (path) => {
      const base = await serve(ready);
      expect((await call(`${base}${path}`, 'GET')).status).toBe(404);
    },
  );

  it.each([['POST'], ['PUT'], ['DELETE']])(
    'GIVEN %s /metrics THEN 405 with Allow: GET, HEAD',
    async (method) => {
      const base = await serve(ready);
      const r = await call(`${base}/metrics`, method);
      expect(r.status).toBe(405);
      expect(r.headers.allow).toBe('GET, HEAD');
    },
  );

  it('GIVEN HEAD /healthz THEN 200 without a body; GIVEN a query string THEN the path still matches', async () => {
    const base = await serve(ready);
    const head = await call(`${base}/healthz`, 'HEAD');
    expect([head.status, head.body]).toEqual([200, '']);
    expect((await call(`${base}/healthz?verbose=1`, 'GET')).status).toBe(200);
  });

  it('GIVEN the port already taken THEN starting rejects with the listen error', async () => {
    const base = await serve(ready);
    const port = Number(new URL(base).port);
    await expect(
      startObserveServer({
        port,
        host: '127.0.0.1',
        metrics: async () => ({ contentType: 'text/plain', text: '' }),
        readiness: ready,
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('readiness', () => {
  it('GIVEN every probe ready THEN ready with no reasons', async () => {
    expect(await checkReadiness({ a: () => null, b: async () => null }, 1000)).toEqual({
      ready: true,
      reasons: [],
    });
  });

  it('GIVEN a probe that fails, one that throws and one that never answers THEN not ready with each reason', async () => {
    const r = await checkReadiness(
      {
        chat: () => 'not connected: discord',
        store: async () => {
          throw new Error('SQLITE_BUSY: database is locked');
        },
        slow: () => new Promise<null>(() => {}),
      },
      50,
    );
    expect(r).toEqual({
      ready: false,
      reasons: [
        'chat: not connected: discord',
        'store: SQLITE_BUSY: database is locked',
        'slow: no answer within 50 ms',
      ],
    });
  });

  it('GIVEN the front ends starting, then one disconnected, then all connected THEN the chat probe says so', async () => {
    let state: 'starting' | { platform: string; ready?: () => boolean }[] = 'starting';
    const probe = frontEndsProbe(() => state);
    expect(await probe()).toBe('chat front ends are starting');
    let slackUp = false;
    state = [
      { platform: 'slack', ready: () => slackUp },
      { platform: 'discord', ready: () => true },
    ];
    expect(await probe()).toBe('not connected: slack');
    slackUp = true;
    expect(await probe()).toBeNull();
    state = [{ platform: 'terminal' }];
    expect(await probe()).toBeNull();
  });
});
