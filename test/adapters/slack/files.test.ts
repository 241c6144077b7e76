import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FileReaderOptions,
  isTextFile,
  readSlackFile,
  tokenMayGoTo,
} from '../../../src/adapters/slack/files.js';
import { FakeSlack, type HostedFileSpec } from './fake/fake-slack.mjs';

let fake: FakeSlack;
let opts: FileReaderOptions;
beforeAll(async () => {
  fake = await FakeSlack.start();
  opts = { token: fake.botToken, extraOrigins: [new URL(fake.url).origin], maxBytes: 1024, timeoutMs: 300 };
});
afterAll(async () => {
  await fake.stop();
});

describe('isTextFile', () => {
  it.each([
    [{ id: 'F', name: 'train.log', mimetype: 'application/octet-stream' }, true],
    [{ id: 'F', name: 'stderr.out' }, true],
    [{ id: 'F', name: 'notes.txt' }, true],
    [{ id: 'F', name: 'trace', mimetype: 'text/x-python' }, true],
    [{ id: 'F', name: 'Untitled', filetype: 'text' }, true],
    [{ id: 'F', name: 'screenshot.png', mimetype: 'image/png', filetype: 'png' }, false],
    [{ id: 'F', name: 'core.12345', mimetype: 'application/octet-stream' }, false],
  ])('GIVEN %j THEN text file is %s', (file, expected) => {
    expect(isTextFile(file)).toBe(expected);
  });
});

describe('tokenMayGoTo', () => {
  it.each([
    ['https://files.slack.com/files-pri/T1-F1/download/a.log', true],
    ['https://slack.com/x', true],
    ['http://files.slack.com/files-pri/T1-F1/a.log', false],
    ['https://files.slack.com.evil.example/a.log', false],
    ['https://evil.example/?https://files.slack.com/', false],
    ['http://127.0.0.1:9/x', false],
  ])('GIVEN %s THEN the bot token may go there: %s', (url, expected) => {
    expect(tokenMayGoTo(new URL(url), [])).toBe(expected);
  });

  it('GIVEN the configured API origin THEN the token may go there', () => {
    expect(tokenMayGoTo(new URL('http://127.0.0.1:9/files/x'), ['http://127.0.0.1:9'])).toBe(true);
  });
});

describe('readSlackFile', () => {
  const LOG = 'Traceback (most recent call last):\nRuntimeError: CUDA error: out of memory\n';
  it.each<[string, string, HostedFileSpec, Partial<FileReaderOptions>?]>([
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
      'binary',
      { name: 'core.log', content: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]) },
    ],
    ['a download slower than the timeout', 'timeout', { name: 'slow.log', content: LOG, delayMs: 1000 }],
    [
      'a token without files:read',
      'login-page',
      { name: 'train.log', content: LOG },
      { token: 'xoxb-other-token' },
    ],
    [
      'a file on a host the token must not reach',
      'url-not-allowed',
      { name: 'train.log', content: LOG },
      { extraOrigins: [] },
    ],
  ])('GIVEN %s THEN the outcome is %s', async (_name, expected, spec, overrides = {}) => {
    const file = fake.hostFile(spec);
    const read = await readSlackFile({ ...opts, ...overrides }, file);
    expect(read.ok ? 'ok' : read.problem).toBe(expected);
    if (read.ok) expect(read.text).toBe(LOG);
  });

  it('GIVEN a log file THEN it is fetched from its private URL with the bot token', async () => {
    const file = fake.hostFile({ name: 'auth.log', content: LOG });
    await readSlackFile(opts, file);
    expect(fake.downloads.filter((d) => d.id === file.id)).toEqual([
      expect.objectContaining({ authorization: `Bearer ${fake.botToken}` }),
    ]);
  });

  it('GIVEN a file listed without a URL THEN it is refused without a request', async () => {
    const before = fake.downloads.length;
    const read = await readSlackFile(opts, { id: 'F1', name: 'x.log' });
    expect(read).toEqual({ ok: false, name: 'x.log', problem: 'no-url' });
    expect(fake.downloads.length).toBe(before);
  });
});
