// Edits and deletions through the pipeline: the answer updated in place (never a second
// one), edits that change nothing, edits of messages answered elsewhere or never, long
// answers that grow or shrink, and a deleted message's answer withdrawn.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { MessageIncoming } from '../../../src/app/conversation/incoming.js';
import { cleanDirs, message, OOM, type Rig, rig, TALK } from './fixture.js';

const ASSERT =
  'RuntimeError: CUDA error: device-side assert triggered\nCUDA kernel errors might be asynchronously reported at some other API call';

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

const edit = (x: MessageIncoming, text: string, o: Partial<MessageIncoming> = {}): MessageIncoming => ({
  ...x,
  kind: 'edit',
  id: `${x.id}-edit-${text.length}`,
  text,
  ...o,
});

describe('GIVEN an answered message is edited', () => {
  it('GIVEN a new log in it THEN the answer is edited in place, and it still counts as one crash', async () => {
    const r = await make();
    const x = message(r, { link: 'https://chat/m1' });
    await r.handle(x);
    await r.handle(edit(x, ASSERT));
    await r.handle(edit(x, OOM));
    const [post, ...edits] = r.surface.sent;
    expect(post?.op).toBe('post');
    expect(edits.map((e) => [e.op, e.id])).toEqual([
      ['edit', post?.id],
      ['edit', post?.id],
    ]);
    expect(edits[0]?.reply?.title).toMatch(/device-side assert/);
    expect(edits[1]?.reply?.footer).toBe('First time this crash was seen in this channel this week.');
    expect(r.events.diagnosed).toEqual(['gpu-oom mention', 'device-side-assert edit', 'gpu-oom edit']);
  });

  it('GIVEN an edit that changes nothing the bot reads (a link preview) THEN the answer is left alone', async () => {
    const r = await make();
    const x = message(r);
    await r.handle(x);
    await r.handle(edit(x, x.text));
    expect(r.surface.sent.map((s) => s.op)).toEqual(['post']);
  });

  it('GIVEN a listened message edited into ordinary talk THEN the answer says there is nothing to diagnose', async () => {
    const r = await make();
    await r.store.updateSettings(r.place, { listening: true }, new Date());
    const x = message(r, { mode: 'listen' });
    await r.handle(x);
    await r.handle(edit(x, TALK));
    expect(r.surface.sent.map((s) => [s.op, s.reply?.title])).toEqual([
      ['post', expect.stringMatching(/GPU out of memory/)],
      ['edit', 'The message was edited'],
    ]);
  });

  it('GIVEN a listened message edited after the channel stopped listening THEN the answer stays as it was', async () => {
    const r = await make();
    await r.store.updateSettings(r.place, { listening: true }, new Date());
    const x = message(r, { mode: 'listen' });
    await r.handle(x);
    await r.store.updateSettings(r.place, { listening: false }, new Date());
    await r.handle(edit(x, ASSERT));
    expect(r.surface.sent.map((s) => s.op)).toEqual(['post']);
  });

  it('GIVEN the answer was deleted meanwhile THEN it is left deleted and forgotten', async () => {
    const r = await make();
    const x = message(r);
    await r.handle(x);
    r.surface.failures.edit = ['gone'];
    await r.handle(edit(x, ASSERT));
    await r.handle(edit(x, `${ASSERT}\n`));
    expect(r.surface.sent.map((s) => s.op)).toEqual(['post']);
  });

  it('GIVEN the update failing THEN it is logged and counted', async () => {
    const r = await make();
    const x = message(r);
    await r.handle(x);
    r.surface.failures.edit = ['failed'];
    await r.handle(edit(x, ASSERT));
    expect(r.logs.join('')).toContain('could not update a reply after an edit');
    expect(r.events.failed).toEqual(['delivery']);
  });

  it('GIVEN the platform refusing the formatted update THEN it is edited in as plain text', async () => {
    const r = await make();
    const x = message(r);
    await r.handle(x);
    r.surface.failures.edit = ['refused'];
    await r.handle(edit(x, ASSERT));
    expect(r.surface.sent.map((s) => [s.op, s.style])).toEqual([
      ['post', 'rich'],
      ['edit', 'plain'],
    ]);
  });

  it('GIVEN a long answer that gets longer, then shorter THEN parts are edited, added, then removed', async () => {
    const r = await make({ parts: 2 });
    const x = message(r);
    await r.handle(x);
    r.surface.parts = 3;
    await r.handle(edit(x, ASSERT));
    r.surface.parts = 1;
    r.surface.failures.remove = ['gone'];
    await r.handle(edit(x, OOM));
    expect(r.surface.sent.map((s) => `${s.op} ${s.id}`)).toEqual([
      'post r1',
      'post r2',
      'edit r1',
      'edit r2',
      'post r3',
      'edit r1',
      'remove r3',
    ]);
  });

  it('GIVEN an old part that cannot be removed THEN it is logged, the rest goes on', async () => {
    const r = await make({ parts: 2 });
    const x = message(r);
    await r.handle(x);
    r.surface.parts = 1;
    r.surface.failures.remove = ['forbidden'];
    await r.handle(edit(x, ASSERT));
    expect(r.logs.join('')).toContain('could not remove a message of an old reply');
  });

  it('GIVEN a later part of an update failing THEN it is logged and the rest stays', async () => {
    const r = await make({ parts: 2 });
    const x = message(r);
    await r.handle(x);
    r.surface.failures.edit = [];
    const at = r.surface.at;
    let edits = 0;
    r.surface.at = (t) => {
      const ch = at(t);
      return {
        ...ch,
        edit: async (id, m) => (++edits === 2 ? Promise.reject(new Error('x')) : ch.edit(id, m)),
      };
    };
    await r.handle(edit(x, ASSERT));
    expect(r.logs.join('')).toContain('a later part of an updated reply could not be sent');
  });
});

describe('GIVEN an edit of a message not answered here', () => {
  it('GIVEN talk in a listening channel edited into crash output THEN it gets its first answer, once', async () => {
    const r = await make();
    await r.store.updateSettings(r.place, { listening: true }, new Date());
    const x = message(r, { mode: 'listen', text: TALK });
    await r.handle(x);
    await r.handle(edit(x, OOM));
    await r.handle(edit(x, ASSERT));
    expect(r.surface.sent.map((s) => s.op)).toEqual(['post', 'edit']);
  });

  it('GIVEN a message edited to mention the bot THEN it is answered once', async () => {
    const r = await make();
    const x = message(r, { mode: 'listen', text: TALK });
    await r.handle(x);
    await r.handle(edit(x, OOM, { mode: 'mention' }));
    expect(r.surface.titles()).toEqual([expect.stringMatching(/GPU out of memory/)]);
  });

  it('GIVEN another instance answered the message THEN it is left to that instance, and nothing is recorded', async () => {
    const a = await make();
    const b = await make({ store: a.store });
    const x = message(a);
    await a.handle(x);
    await b.handle(edit(x, ASSERT));
    expect(b.surface.sent).toEqual([]);
    expect(b.events.diagnosed).toBeUndefined();
    expect(a.surface.sent.map((s) => s.op)).toEqual(['post']);
  });

  it('GIVEN talk edited into talk in a channel that does not listen THEN nothing', async () => {
    const r = await make();
    const x = message(r, { mode: 'listen', text: TALK });
    await r.handle(edit(x, `${TALK}!`));
    expect(r.surface.sent).toEqual([]);
  });
});

describe('GIVEN a message is deleted', () => {
  it('GIVEN it was answered THEN the answer is withdrawn, every part of it', async () => {
    const r = await make({ parts: 2 });
    const x = message(r);
    await r.handle(x);
    await r.handle({ kind: 'delete', id: `d-${x.id}`, place: r.place, user: '', message: x.message });
    expect(r.surface.sent.map((s) => `${s.op} ${s.id}`)).toEqual([
      'post r1',
      'post r2',
      'remove r1',
      'remove r2',
    ]);
    expect(r.conversation.index.get(`fake/W1/C1/${x.message}`)).toBeUndefined();
  });

  it('GIVEN it was never answered THEN nothing happens', async () => {
    const r = await make();
    await r.handle({ kind: 'delete', id: 'd1', place: r.place, user: '', message: 'nope' });
    expect(r.surface.sent).toEqual([]);
  });
});

describe('the reply index', () => {
  it('GIVEN more answers than it keeps THEN the least recently used are forgotten', async () => {
    const r = await make();
    const first = message(r);
    await r.handle(first);
    for (let i = 0; i < 100; i++) await r.handle(message(r, { text: 'hello' }));
    expect(r.conversation.index.get(`fake/W1/C1/${first.message}`)).toBeUndefined();
  }, 30_000);
});
