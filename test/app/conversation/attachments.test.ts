// Attached files through the pipeline: the one policy (types, count, size, time,
// decoding) and the one notice, the same on every surface.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLimiter, looksLikeText } from '../../../src/app/conversation/attachments.js';
import type { AttachmentRef } from '../../../src/app/conversation/incoming.js';
import { cleanDirs, message, OOM, type Rig, rig } from './fixture.js';

const rigs: Rig[] = [];
async function make(o: Parameters<typeof rig>[0] = {}): Promise<Rig> {
  const r = await rig(o);
  rigs.push(r);
  return r;
}
afterEach(async () => {
  for (const r of rigs.splice(0)) await r.close();
});
afterAll(cleanDirs);

const file = (id: string, o: Partial<AttachmentRef> = {}): AttachmentRef => ({
  id,
  name: `${id}.log`,
  mime: 'text/plain',
  ...o,
});
const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(OOM, 'utf16le')]);

describe('GIVEN files that can be read', () => {
  it.each([
    ['a UTF-8 log', OOM],
    ['a UTF-16 log as PowerShell writes it', utf16],
    ['a UTF-16 log without a byte-order mark', Buffer.from(OOM, 'utf16le')],
  ])('GIVEN %s THEN it is diagnosed', async (_name, bytes) => {
    const r = await make({ files: { F1: bytes } });
    await r.handle(message(r, { text: '', attachments: [file('F1')] }));
    expect(r.surface.titles()).toEqual([expect.stringMatching(/GPU out of memory/)]);
  });

  it('GIVEN a file listed without its URL THEN the source fills it in first', async () => {
    const r = await make({ files: { F1: OOM } });
    await r.handle(message(r, { text: '', attachments: [file('F1')] }));
    expect(r.surface.resolved).toEqual(['F1']);
  });
});

describe('GIVEN files that cannot be read', () => {
  it.each([
    [
      'an image',
      { F1: 'PNG' },
      file('F1', { name: 'oom.png', mime: 'image/png' }),
      'it is not a text file (image/png)',
    ],
    [
      'binary data under a .log name',
      { F1: new Uint8Array(4096) },
      file('F1'),
      'it is not a text file (binary content)',
    ],
    [
      'a file said to be over the cap',
      { F1: OOM },
      file('F1', { size: 10_000_000 }),
      'it is larger than the 64 KB I read',
    ],
    [
      'a file over the cap that said otherwise',
      { F1: 'x'.repeat(100_000) },
      file('F1', { size: 10 }),
      'it is larger than the 64 KB',
    ],
    [
      'a file the bot may not read',
      { F1: { refuse: 'no-access' as const, fix: 'add the files:read scope' } },
      file('F1'),
      'I may not read it; add the files:read scope',
    ],
    [
      'a file stored elsewhere',
      { F1: { refuse: 'not-allowed' as const } },
      file('F1'),
      'it is not stored where I may download it from',
    ],
    ['a download that fails', {}, file('F1'), 'I could not download it (HTTP 404)'],
    [
      'a download slower than the limit',
      { F1: { delayMs: 1_000, bytes: OOM } },
      file('F1'),
      'I could not download it (no answer within 200 ms)',
    ],
  ])('GIVEN %s alone THEN one notice says why', async (_name, files, ref, why) => {
    const r = await make({ files, timeoutMs: 200 });
    await r.handle(message(r, { text: '', attachments: [ref] }));
    expect(r.surface.titles()).toEqual(['I could not read the attached file']);
    expect(r.surface.text(r.surface.posts()[0])).toContain(why);
  });

  it('GIVEN a file said to be over the cap THEN it is not downloaded at all', async () => {
    const r = await make({ files: { F1: OOM } });
    await r.handle(message(r, { text: '', attachments: [file('F1', { size: 10_000_000 })] }));
    expect(r.surface.opened).toEqual([]);
  });

  it('GIVEN two unreadable files and no text THEN one notice names both', async () => {
    const r = await make({ files: { F2: 'PNG' } });
    await r.handle(
      message(r, { text: '', attachments: [file('F1'), file('F2', { name: 'a.png', mime: 'image/png' })] }),
    );
    expect(r.surface.titles()).toEqual(['I could not read the attached files']);
    expect(r.surface.text(r.surface.posts()[0])).toMatch(/F1\.log.*\n.*a\.png/s);
  });

  it('GIVEN a log and an unreadable file THEN one reply: the diagnosis, with the file named under it', async () => {
    const r = await make({ files: { F1: OOM, F2: 'PNG' } });
    await r.handle(
      message(r, { text: '', attachments: [file('F1'), file('F2', { name: 'a.png', mime: 'image/png' })] }),
    );
    expect(r.surface.titles()).toEqual([expect.stringMatching(/GPU out of memory/)]);
    const text = r.surface.text(r.surface.posts()[0]);
    expect(text).toContain('A file I did not read');
    expect(text).toContain('`a.png`: it is not a text file');
  });

  it.each([
    ['a question about it', 'what does this error mean? see the screenshot'],
    ['words that are no crash', 'here it is'],
  ])(
    'GIVEN %s and an image that cannot be read THEN one reply: the notice about the image alone',
    async (_n, text) => {
      const r = await make({ files: { F2: 'PNG' } });
      await r.handle(
        message(r, { text, attachments: [file('F2', { name: 'shot.png', mime: 'image/png' })] }),
      );
      expect(r.surface.titles()).toEqual(['I could not read the attached file']);
      const reply = r.surface.text(r.surface.posts()[0]);
      expect(reply).toContain('`shot.png`: it is not a text file');
      expect(reply).not.toMatch(/No confident cause/);
    },
  );

  it('GIVEN an exit code in the text and an image that cannot be read THEN the exit code is answered, the image named under it', async () => {
    const r = await make({ files: { F2: 'PNG' } });
    await r.handle(
      message(r, {
        text: 'Process finished with exit code -1073740791 (0xC0000409)',
        attachments: [file('F2', { name: 'shot.png', mime: 'image/png' })],
      }),
    );
    expect(r.surface.posts()).toHaveLength(1);
    const reply = r.surface.text(r.surface.posts()[0]);
    expect(reply).toMatch(/STATUS_STACK_BUFFER_OVERRUN/);
    expect(reply).toContain('A file I did not read');
  });

  it('GIVEN more files than are read THEN the ones past the limit are named, not ignored, and not downloaded', async () => {
    const r = await make({ files: { F1: OOM, F2: OOM, F3: OOM, F4: OOM } });
    await r.handle(message(r, { text: '', attachments: ['F1', 'F2', 'F3', 'F4'].map((id) => file(id)) }));
    expect(r.surface.opened).toEqual(['F1', 'F2', 'F3']);
    expect(r.surface.text(r.surface.posts()[0])).toContain('`F4.log`: only the first 3 files are read');
  });

  it('GIVEN a listening channel and only unreadable files THEN silence', async () => {
    const r = await make({ files: { F1: 'PNG' } });
    await r.store.updateSettings(r.place, { listening: true }, new Date());
    await r.handle(
      message(r, {
        mode: 'listen',
        text: '',
        attachments: [file('F1', { name: 'a.png', mime: 'image/png' })],
      }),
    );
    expect(r.surface.posts()).toEqual([]);
  });

  it('GIVEN a surface without files THEN listed files are not read and the text is answered', async () => {
    const r = await make();
    Object.defineProperty(r.surface, 'attachments', { value: undefined });
    const handle = r.conversation.attach(r.surface);
    await handle(message(r, { attachments: [file('F1')] }));
    expect(r.surface.titles()).toEqual([expect.stringMatching(/GPU out of memory/)]);
  });
});

describe('the accepted types', () => {
  it.each([
    ['train.log', 'text/plain; charset=utf-8', true],
    ['out.json', 'application/json', true],
    ['crash.log', undefined, true],
    ['crash.log', 'application/octet-stream', true],
    ['trace', 'text/x-python', true],
    ['model.pt', 'application/octet-stream', false],
    ['core.12345', 'application/octet-stream', false],
    ['shot.png', 'image/png', false],
    ['logs.zip', 'application/zip', false],
  ])('GIVEN %s (%s) THEN read: %s', (name, mime, expected) => {
    expect(looksLikeText({ name, ...(mime && { mime }) })).toBe(expected);
  });
});

describe('createLimiter', () => {
  it.each([1, 2, 4])(
    'GIVEN a limit of %i and 12 jobs THEN never more at once, all run, in order',
    async (max) => {
      const limit = createLimiter(max);
      let active = 0;
      let peak = 0;
      const started: number[] = [];
      const jobs = Array.from({ length: 12 }, (_, i) =>
        limit(async () => {
          started.push(i);
          peak = Math.max(peak, ++active);
          await new Promise((r) => setTimeout(r, 1));
          active--;
          if (i === 5) throw new Error('one job fails');
          return i;
        }).catch(() => -1),
      );
      expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, -1, 6, 7, 8, 9, 10, 11]);
      expect(peak).toBe(max);
      expect(started).toEqual(Array.from({ length: 12 }, (_, i) => i));
    },
  );
});
