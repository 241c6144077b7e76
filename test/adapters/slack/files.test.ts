// Slack's attachment source against the fake Slack's file host, read through the
// pipeline's one attachment policy: the token goes to Slack's hosts only, a file listed
// by id gets its URL from files.info, the sign-in page means a missing scope.
import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRef, slackFiles } from '../../../src/adapters/slack/attachments.js';
import { slackHost } from '../../../src/adapters/slack/respond.js';
import { createAttachmentReader } from '../../../src/app/conversation/attachments.js';
import type { AttachmentSource } from '../../../src/app/conversation/ports.js';
import { FakeSlack, type HostedFileSpec } from './fake/fake-slack.mjs';

let fake: FakeSlack;
let client: webApi.WebClient;
beforeAll(async () => {
  fake = await FakeSlack.start();
  client = new webApi.WebClient(fake.botToken, { slackApiUrl: fake.apiUrl, retryConfig: { retries: 0 } });
});
afterAll(async () => {
  await fake.stop();
});

const reader = createAttachmentReader({ maxFiles: 3, maxBytes: 1024, timeoutMs: 300, concurrent: 2 });
const source = (o: { token?: string; origins?: string[] } = {}): AttachmentSource =>
  slackFiles(client, o.token ?? fake.botToken, o.origins ?? [new URL(fake.url).origin]);

describe('slackHost: where the bot token may go', () => {
  it.each([
    ['https://files.slack.com/files-pri/T1-F1/download/a.log', true],
    ['https://slack.com/x', true],
    ['http://files.slack.com/files-pri/T1-F1/a.log', false],
    ['https://files.slack.com.evil.example/a.log', false],
    ['https://evil.example/?https://files.slack.com/', false],
    ['http://127.0.0.1:9/x', false],
  ])('GIVEN %s THEN the bot token may go there: %s', (url, expected) => {
    expect(slackHost(new URL(url), [])).toBe(expected);
  });

  it('GIVEN the configured API origin THEN the token may go there', () => {
    expect(slackHost(new URL('http://127.0.0.1:9/files/x'), ['http://127.0.0.1:9'])).toBe(true);
  });
});

describe('fileRef: what Slack says about a file', () => {
  it.each([
    [{ id: 'F', name: 'train.log', mimetype: 'application/octet-stream' }, 'application/octet-stream'],
    [{ id: 'F', title: 'Untitled', filetype: 'text' }, 'text/plain'],
    [{ id: 'F', name: 'oom.png', mimetype: 'image/png', filetype: 'png' }, 'image/png'],
  ])('GIVEN %j THEN its type is %s', (file, mime) => {
    expect(fileRef(file).mime).toBe(mime);
  });
});

describe('reading Slack files', () => {
  const LOG = 'Traceback (most recent call last):\nRuntimeError: CUDA error: out of memory\n';
  it.each<[string, string, HostedFileSpec, { token?: string; origins?: string[] }?]>([
    ['a log file', 'ok', { name: 'train.log', content: LOG }],
    ['a file larger than the cap', 'too-large', { name: 'big.log', content: 'x'.repeat(2048) }],
    [
      'a file whose listed size hides its real size',
      'too-large',
      { name: 'lie.log', content: 'x'.repeat(4096), size: 10 },
    ],
    ['an image', 'not-text', { name: 'oom.png', content: 'PNG', mimetype: 'image/png', filetype: 'png' }],
    [
      'a .log holding binary data',
      'not-text',
      { name: 'core.log', content: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]) },
    ],
    ['a download slower than the timeout', 'unreachable', { name: 'slow.log', content: LOG, delayMs: 1000 }],
    ['a token without files:read', 'no-access', { name: 'train.log', content: LOG }, { token: 'xoxb-other' }],
    [
      'a file on a host the token must not reach',
      'not-allowed',
      { name: 'train.log', content: LOG },
      { origins: [] },
    ],
    ['a file listed by id only', 'ok', { name: 'train.log', content: LOG, listedWithoutUrl: true }],
  ])('GIVEN %s THEN the outcome is %s', async (_name, expected, spec, o = {}) => {
    const [read] = await reader.read(source(o), [fileRef(fake.hostFile(spec))]);
    expect(read?.ok ? 'ok' : read?.problem).toBe(expected);
    if (read?.ok) expect(read.text).toBe(LOG);
  });

  it('GIVEN a log file THEN it is fetched from its private URL with the bot token', async () => {
    const file = fake.hostFile({ name: 'auth.log', content: LOG });
    await reader.read(source(), [fileRef(file)]);
    expect(fake.downloads.filter((d) => d.id === file.id)).toEqual([
      expect.objectContaining({ authorization: `Bearer ${fake.botToken}` }),
    ]);
  });

  it('GIVEN a token without files:read THEN the notice says how to fix it', async () => {
    const [read] = await reader.read(source({ token: 'xoxb-other' }), [
      fileRef(fake.hostFile({ name: 'train.log', content: LOG })),
    ]);
    expect(read).toMatchObject({ ok: false, fix: expect.stringContaining('files:read') });
  });
});
