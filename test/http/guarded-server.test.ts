// The guarded HTTP server on its own, with small limits so each bound shows within a
// test: routes and methods, body sizes, the shared budget of body bytes (largest shed
// first), the body deadline, the header timeout, the connection cap, and handlers that
// throw. Then the scanner's barrage against the health and metrics server built on it.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BodyBudget } from '../../src/http/body-budget.js';
import {
  createGuardedServer,
  type GuardedServer,
  type GuardLimits,
  type Route,
} from '../../src/http/guarded-server.js';
import { startObserveServer } from '../../src/observe/server.js';
import { exchange, type Outcome, type Step, scannerExchanges, throwAt } from './scanner.js';

const servers: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

const echo: Route = {
  methods: ['POST'],
  maxBodyBytes: 64 * 1024,
  handle: (_req, res, body) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`got ${body.length}`);
  },
};

async function serve(
  routes: Record<string, Route>,
  limits: Partial<GuardLimits> = {},
): Promise<GuardedServer> {
  const errors: unknown[] = [];
  const s = createGuardedServer({ routes, limits, onError: (e) => errors.push(e) });
  await s.listen(0, '127.0.0.1');
  servers.push(s);
  return s;
}

const post = (path: string, body: string, headers: string[] = []) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n${body}`;

const run = (port: number, steps: Step[], timeoutMs = 10_000): Promise<Outcome> =>
  exchange(port, { name: '', steps, check: () => null, timeoutMs });

describe('BodyBudget', () => {
  it('GIVEN a full budget THEN the largest other body is shed to make room, and a piece that cannot fit is refused', () => {
    const b = new BodyBudget(100);
    const shed: string[] = [];
    const big = b.open(() => shed.push('big'));
    const mid = b.open(() => shed.push('mid'));
    const small = b.open(() => shed.push('small'));
    expect(b.take(big, 60)).toBe(true);
    expect(b.take(mid, 30)).toBe(true);
    expect(b.take(small, 20)).toBe(true);
    expect(shed).toEqual(['big']);
    expect(b.inFlight).toBe(50);
    expect(b.take(small, 40)).toBe(true);
    expect(b.take(mid, 50)).toBe(false);
    expect(shed).toEqual(['big']);
    b.release(small);
    b.release(mid);
    expect(b.inFlight).toBe(0);
    expect(b.take(big, 1)).toBe(false);
  });
});

describe('the guarded server', () => {
  it('GIVEN a route THEN unknown paths get 404, other methods 405 with Allow, the route its answer', async () => {
    const s = await serve({ '/in': echo });
    const p = s.port!;
    expect(
      (await run(p, [{ write: 'GET /nope HTTP/1.1\r\nHost: x\r\n\r\n' }, { end: true }])).statuses,
    ).toEqual([404]);
    const wrong = await run(p, [
      { write: 'PUT /in HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n' },
      { end: true },
    ]);
    expect([wrong.statuses, wrong.headers.allow]).toEqual([[405], 'POST']);
    expect((await run(p, [{ write: post('/in', 'hello') }, { end: true }])).statuses).toEqual([200]);
    expect((await run(p, [{ write: post('/./x/../in', 'hello') }, { end: true }])).statuses).toEqual([200]);
  });

  it('GIVEN a Content-Length over the route limit THEN 413 before any body byte, and no 100 Continue', async () => {
    const s = await serve({ '/in': echo });
    const o = await run(s.port!, [
      { write: 'POST /in HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 65537\r\n\r\n' },
    ]);
    expect(o.statuses).toEqual([413]);
    expect(o.closed).toBe(true);
  });

  it('GIVEN Expect: 100-continue within the limit THEN 100 Continue, then the answer', async () => {
    const s = await serve({ '/in': echo });
    const o = await run(s.port!, [
      { write: 'POST /in HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n' },
      { wait: 100 },
      { write: 'hello' },
      { end: true },
    ]);
    expect(o.statuses).toEqual([100, 200]);
  });

  it('GIVEN a chunked body that grows past the limit THEN 413 and the connection closes', async () => {
    const s = await serve({ '/in': echo });
    const chunk = `1000\r\n${'x'.repeat(0x1000)}\r\n`;
    const o = await run(s.port!, [
      { write: 'POST /in HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n' },
      ...Array.from({ length: 20 }, () => ({ write: chunk })),
    ]);
    expect([o.statuses, o.closed]).toEqual([[413], true]);
  });

  it('GIVEN a body slower than the deadline THEN 408, and its bytes are released', async () => {
    const s = await serve({ '/in': echo }, { bodyTimeoutMs: 300 });
    const o = await run(s.port!, [
      { write: 'POST /in HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc' },
    ]);
    expect(o.statuses).toEqual([408]);
    expect(o.ms).toBeLessThan(5_000);
    expect(s.bodyBytesInFlight).toBe(0);
  });

  it('GIVEN slow bodies filling the budget THEN the largest is shed (503) and a small request still gets in', async () => {
    const s = await serve({ '/in': echo }, { maxBodyBytesInFlight: 40 * 1024, bodyTimeoutMs: 20_000 });
    const p = s.port!;
    const slow = [30_000, 9_000].map((n) =>
      run(
        p,
        [{ write: `POST /in HTTP/1.1\r\nHost: x\r\nContent-Length: 60000\r\n\r\n${'x'.repeat(n)}` }],
        15_000,
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(s.bodyBytesInFlight).toBe(39_000);
    const small = await run(p, [{ write: post('/in', 'y'.repeat(5_000)) }, { end: true }]);
    expect(small.statuses).toEqual([200]);
    // The 30 kB body made room for the small one; the 9 kB one is still being read.
    expect((await slow[0])?.statuses).toEqual([503]);
    expect(s.bodyBytesInFlight).toBe(9_000);
  });

  it('GIVEN a connection that sends nothing THEN it is closed after the header timeout', async () => {
    const s = await serve({ '/in': echo }, { headersTimeoutMs: 500 });
    const o = await run(s.port!, [], 10_000);
    expect(o.closed).toBe(true);
    expect(o.ms).toBeLessThan(5_000);
  });

  it('GIVEN more connections than the cap THEN the extra ones get 503 and the others are served', async () => {
    const s = await serve({ '/in': echo }, { maxConnections: 3 });
    const held = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<ReturnType<typeof connect>>((resolve) => {
            const c = connect(s.port!, '127.0.0.1', () => resolve(c));
          }),
      ),
    );
    const extra = await run(s.port!, [{ write: post('/in', 'x') }]);
    expect(extra.statuses).toEqual([503]);
    for (const c of held) c.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect((await run(s.port!, [{ write: post('/in', 'x') }, { end: true }])).statuses).toEqual([200]);
  });

  it('GIVEN handlers that throw or reject THEN 500, and the server keeps answering', async () => {
    const s = await serve({
      '/throws': {
        methods: ['GET'],
        handle: () => {
          throw new Error('boom');
        },
      },
      '/rejects': { methods: ['GET'], handle: async () => Promise.reject(new Error('late boom')) },
      '/in': echo,
    });
    const get = (path: string) =>
      run(s.port!, [{ write: `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n` }, { end: true }]);
    expect((await get('/throws')).statuses).toEqual([500]);
    expect((await get('/rejects')).statuses).toEqual([500]);
    expect((await run(s.port!, [{ write: post('/in', 'ok') }, { end: true }])).statuses).toEqual([200]);
  });
});

describe('the health and metrics server under a scanner', () => {
  it('GIVEN the scanner list THEN every request gets its 4xx (or 200 on its own paths) and /healthz still answers', {
    timeout: 120_000,
  }, async () => {
    const s = await startObserveServer({
      port: 0,
      host: '127.0.0.1',
      metrics: async () => ({
        contentType: 'text/plain; version=0.0.4; charset=utf-8',
        text: 'crashbot_up 1\n',
      }),
      readiness: async () => ({ ready: true, reasons: [] }),
    });
    servers.push(s);
    const get = ['GET', 'HEAD'];
    const tally = await throwAt(
      s.port,
      scannerExchanges({ routes: { '/healthz': get, '/readyz': get, '/metrics': get }, unsignedPost: 405 }),
    );
    console.log(
      `metrics server scanner: ${tally.thrown} requests thrown, ${tally.survived} answered as expected`,
    );
    expect(tally.failures).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${s.port}/healthz`)).status).toBe(200);
  });
});
