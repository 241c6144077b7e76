// Discord's attachment source against a local file host standing in for Discord's CDN
// (and a second one "elsewhere"), read through the pipeline's one attachment policy.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordFiles } from '../../../src/adapters/discord/attachments.js';
import { createAttachmentReader } from '../../../src/app/conversation/attachments.js';
import type { AttachmentRef } from '../../../src/app/conversation/incoming.js';

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
  '/moved.log': (res) => res.writeHead(302, { location: '/log.txt' }).end(),
  '/gone.log': (res) => res.writeHead(404).end(),
});
const elsewhere = host({ '/log.txt': (res) => res.writeHead(200).end(LOG) });
const origin = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  await Promise.all(
    [cdn.server, elsewhere.server].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))),
  );
});
afterAll(() => {
  for (const s of [cdn.server, elsewhere.server]) s.close();
});

const reader = createAttachmentReader({ maxBytes: 16 * 1024, timeoutMs: 5_000, maxFiles: 2, concurrent: 2 });
const source = () => discordFiles([origin(cdn.server)]);
const file = (path: string, o: Partial<AttachmentRef> = {}): AttachmentRef => ({
  id: path,
  name: path.slice(1),
  url: `${origin(cdn.server)}${path}`,
  size: 100,
  mime: 'text/plain; charset=utf-8',
  ...o,
});

describe("Discord's attachment source", () => {
  it.each([
    ['a UTF-8 log', '/log.txt'],
    ['a UTF-16 log as PowerShell writes it', '/utf16.log'],
  ])("GIVEN %s on Discord's host THEN its text is read", async (_name, path) => {
    expect(await reader.read(source(), [file(path)])).toEqual([{ ok: true, name: path.slice(1), text: LOG }]);
  });

  it.each([
    [
      'a file on another host',
      'not-allowed',
      () => ({ ...file('/log.txt'), url: `${origin(elsewhere.server)}/log.txt` }),
      false,
    ],
    ['a redirect', 'unreachable', () => file('/moved.log'), true],
    ['a file that is gone', 'unreachable', () => file('/gone.log'), true],
    ['no URL at all', 'not-allowed', () => file('/log.txt', { url: 'not a url' }), false],
  ])('GIVEN %s THEN it is refused (%s)', async (_name, problem, make, fetched) => {
    const before = cdn.hits.length + elsewhere.hits.length;
    const [r] = await reader.read(source(), [make()]);
    expect(r).toMatchObject({ ok: false, problem });
    expect(cdn.hits.length + elsewhere.hits.length > before).toBe(fetched);
  });
});
