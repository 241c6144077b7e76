import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AttachmentInfo,
  type AttachmentPolicy,
  looksLikeText,
  readAttachment,
  readAttachments,
} from '../../../src/adapters/discord/attachments.js';

// A file host on 127.0.0.1 standing in for Discord's CDN; a second one is "elsewhere".
function host(routes: Record<string, (res: import('node:http').ServerResponse) => void>) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  return { server, hits };
}

const LOG = 'Traceback (most recent call last):\nRuntimeError: CUDA error: out of memory\n';
const cdn = host({
  '/log.txt': (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(LOG),
  '/utf16.log': (res) =>
    res
      .writeHead(200, { 'content-type': 'text/plain' })
      .end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LOG, 'utf16le')])),
  '/binary.log': (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.alloc(4096, 0)),
  '/liar.log': (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('z'.repeat(64 * 1024)),
  '/slow.log': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('partial');
    setTimeout(() => res.end('rest'), 1500).unref();
  },
  '/moved.log': (res) => res.writeHead(302, { location: '/log.txt' }).end(),
  '/gone.log': (res) => res.writeHead(404).end(),
});
const elsewhere = host({ '/log.txt': (res) => res.writeHead(200).end(LOG) });

const origin = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
let policy: AttachmentPolicy;

beforeAll(async () => {
  await Promise.all(
    [cdn.server, elsewhere.server].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))),
  );
  policy = { maxBytes: 16 * 1024, timeoutMs: 300, maxFiles: 2, origins: [origin(cdn.server)] };
});
afterAll(() => {
  for (const s of [cdn.server, elsewhere.server]) s.close();
});

const file = (path: string, o: Partial<AttachmentInfo> = {}): AttachmentInfo => ({
  name: path.slice(1),
  url: `${origin(cdn.server)}${path}`,
  size: 100,
  contentType: 'text/plain; charset=utf-8',
  ...o,
});

describe('readAttachment', () => {
  it.each([
    ['a UTF-8 log', '/log.txt'],
    ['a UTF-16 log as PowerShell writes it', '/utf16.log'],
  ])("GIVEN %s on Discord's host THEN its text is read", async (_name, path) => {
    const r = await readAttachment(file(path), policy);
    expect(r).toEqual({ ok: true, name: path.slice(1), text: LOG });
  });

  it.each([
    ['a file whose size is over the cap', 'too-large', () => file('/log.txt', { size: 20 * 1024 }), false],
    ['a file larger than it said', 'too-large', () => file('/liar.log'), true],
    ['an image', 'not-text', () => file('/log.txt', { name: 'shot.png', contentType: 'image/png' }), false],
    ['NUL bytes under a .log name', 'not-text', () => file('/binary.log'), true],
    [
      'a file on another host',
      'not-discord',
      () => ({ ...file('/log.txt'), url: `${origin(elsewhere.server)}/log.txt` }),
      false,
    ],
    ['a host that does not answer in time', 'download-failed', () => file('/slow.log'), true],
    ['a redirect', 'download-failed', () => file('/moved.log'), true],
    ['a file that is gone', 'download-failed', () => file('/gone.log'), true],
  ])('GIVEN %s THEN it is refused (%s)', async (_name, reason, make, fetched) => {
    const f = make();
    const before = cdn.hits.length + elsewhere.hits.length;
    const r = await readAttachment(f, policy);
    expect(r).toMatchObject({ ok: false, reason });
    expect(cdn.hits.length + elsewhere.hits.length > before).toBe(fetched);
  });

  it('GIVEN more files than the policy reads THEN the rest are refused as too many', async () => {
    const rs = await readAttachments(
      [file('/log.txt'), file('/utf16.log'), file('/log.txt', { name: 'third.log' })],
      policy,
    );
    expect(rs.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['ok', 'ok', 'too-many']);
  });
});

describe('looksLikeText', () => {
  it.each([
    ['train.log', 'text/plain; charset=utf-8', true],
    ['out.json', 'application/json', true],
    ['crash.log', null, true],
    ['crash.log', 'application/octet-stream', true],
    ['model.pt', 'application/octet-stream', false],
    ['shot.png', 'image/png', false],
    ['logs.zip', 'application/zip', false],
  ])('GIVEN %s (%s) THEN text is %s', (name, contentType, expected) => {
    expect(looksLikeText({ name, contentType })).toBe(expected);
  });
});
