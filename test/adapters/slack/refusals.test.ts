import { afterEach, describe, expect, it } from 'vitest';
import { blockText, headerOf, pause, posts, waitForPosts } from './expect.js';
import { eventJson, postSigned, sign } from './fake/signed.mjs';
import { type Harness, SIGNING_SECRET, startHarness } from './harness.js';
import { OOM_LOG } from './logs.js';
import { mention, newEventId, TEAM } from './payloads.js';

const now = () => Math.floor(Date.now() / 1000);

describe('HTTP mode request checks', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  const send = (body: string, opts: { timestamp?: number; signature?: string; secret?: string } = {}) =>
    postSigned(h.eventsUrl, body, {
      secret: opts.secret ?? SIGNING_SECRET,
      contentType: 'application/json',
      ...opts,
    });

  it.each<[string, number, (body: string) => { timestamp?: number; signature?: string; secret?: string }]>([
    ['a correctly signed request', 200, () => ({})],
    ['a signature made with another secret', 401, () => ({ secret: 'not-the-signing-secret' })],
    ['a body changed after signing', 401, (body) => ({ signature: sign(SIGNING_SECRET, now(), `${body} `) })],
    ['a timestamp ten minutes old', 401, () => ({ timestamp: now() - 600 })],
    ['a timestamp ten minutes ahead', 401, () => ({ timestamp: now() + 600 })],
    ['an unknown signature version', 401, () => ({ signature: 'v1=abc' })],
  ])('GIVEN %s THEN the app answers %i and only a valid request is acted on', async (_name, status, opts) => {
    h = await startHarness({ transport: 'http' });
    const ev = mention({ text: OOM_LOG });
    const body = eventJson(ev, { teamId: TEAM, eventId: newEventId() });
    expect((await send(body, opts(body))).status).toBe(status);
    if (status === 200) {
      await waitForPosts(h.fake, ev.ts);
    } else {
      await pause(100);
      expect(posts(h.fake)).toHaveLength(0);
    }
  });

  it("GIVEN Slack's URL verification THEN the challenge is echoed", async () => {
    h = await startHarness({ transport: 'http' });
    const res = await send(JSON.stringify({ type: 'url_verification', challenge: 'c-123', token: 't' }));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ challenge: 'c-123' });
  });

  it('GIVEN a health check THEN the server answers ok', async () => {
    h = await startHarness({ transport: 'http' });
    const res = await fetch(h.eventsUrl.replace('/slack/events', '/healthz'));
    expect(res.status).toBe(200);
  });

  it('GIVEN a signed body that is not JSON THEN it is refused and the app keeps working', async () => {
    h = await startHarness({ transport: 'http' });
    expect((await send('{not json')).status).toBe(400);
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    await waitForPosts(h.fake, ev.ts);
  });

  it('GIVEN an event without the fields a mention has THEN it is ignored and the app keeps working', async () => {
    h = await startHarness({ transport: 'http' });
    await h.event({ type: 'app_mention', text: 'no channel, no ts' });
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    await waitForPosts(h.fake, ev.ts);
    expect(h.logs.join('')).toContain('ignored an app_mention without the expected fields');
  });
});

describe('attached files that cannot be read', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it.each([
    [
      'a file over the size cap',
      { name: 'huge.log', content: 'x'.repeat(5000) },
      'it is larger than the 4 KB I read',
    ],
    [
      'a screenshot',
      { name: 'oom.png', content: 'PNG', mimetype: 'image/png', filetype: 'png' },
      'it is not a text file (image/png)',
    ],
    [
      'a core dump named .log',
      { name: 'core.log', content: new Uint8Array([0x7f, 0x45, 0, 0, 1, 2]) },
      'it is not a text file (binary content)',
    ],
    [
      'a download that times out',
      { name: 'slow.log', content: OOM_LOG, delayMs: 2000 },
      'I could not download it (no answer within 500 ms)',
    ],
  ])('GIVEN a mention with %s THEN the reply says so politely', async (_name, spec, says) => {
    h = await startHarness({ transport: 'http', maxLogBytes: 4096 });
    const ev = mention({ text: '', files: [h.fake.hostFile(spec)] });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    expect(headerOf(post!.args.blocks)).toBe('I could not read the attached file');
    expect(JSON.stringify(post!.args.blocks)).toContain(says);
  });

  it('GIVEN a file over the cap THEN it is not downloaded at all', async () => {
    h = await startHarness({ transport: 'http', maxLogBytes: 4096 });
    const ev = mention({
      text: '',
      files: [h.fake.hostFile({ name: 'huge.log', content: 'x'.repeat(5000) })],
    });
    await h.event(ev);
    await waitForPosts(h.fake, ev.ts);
    expect(h.fake.downloads).toHaveLength(0);
  });

  it('GIVEN a readable log and a screenshot THEN one reply: the diagnosis, with the screenshot named', async () => {
    h = await startHarness({ transport: 'http' });
    const files = [
      h.fake.hostFile({ name: 'train.log', content: OOM_LOG }),
      h.fake.hostFile({ name: 'oom.png', content: 'PNG', mimetype: 'image/png', filetype: 'png' }),
    ];
    const ev = mention({ text: '', files });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
    expect(blockText(post!.args.blocks)).toContain('`oom.png`: it is not a text file');
    await pause(100);
    expect(posts(h.fake, ev.ts)).toHaveLength(1);
  });

  it('GIVEN two unreadable files and no text THEN one notice names both', async () => {
    h = await startHarness({ transport: 'http', maxLogBytes: 4096 });
    const files = [
      h.fake.hostFile({ name: 'huge.log', content: 'x'.repeat(5000) }),
      h.fake.hostFile({ name: 'oom.png', content: 'PNG', mimetype: 'image/png', filetype: 'png' }),
    ];
    const ev = mention({ text: '', files });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    expect(headerOf(post!.args.blocks)).toBe('I could not read the attached files');
    expect(blockText(post!.args.blocks)).toMatch(/huge\.log.*\n.*oom\.png/s);
    await pause(100);
    expect(posts(h.fake, ev.ts)).toHaveLength(1);
  });

  it("GIVEN a UTF-16 log file (PowerShell's >) THEN it is read and diagnosed", async () => {
    h = await startHarness({ transport: 'http' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(OOM_LOG, 'utf16le')]);
    const ev = mention({ text: '', files: [h.fake.hostFile({ name: 'train.log', content: utf16 })] });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
  });

  it('GIVEN more files than are read THEN the ones past the limit are named, not ignored', async () => {
    h = await startHarness({ transport: 'http' });
    const files = ['a', 'b', 'c', 'd'].map((n) => h.fake.hostFile({ name: `${n}.log`, content: OOM_LOG }));
    const ev = mention({ text: '', files });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    expect(blockText(post!.args.blocks)).toContain('`d.log`: only the first 3 files are read');
  });
});
