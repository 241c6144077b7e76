// Follow-ups in a conversation the bot answered, through the pipeline: a version line,
// `collect_env` output or more of the log, in the answer's thread or as a reply to it,
// mentioned or not, is read with the first log and the answer is edited in place; talk
// changes nothing. The conversation lives in the store: redacted, bounded, expiring.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { MessageIncoming } from '../../../src/app/conversation/incoming.js';
import { THREAD_MAX_BYTES, THREAD_TTL_MS } from '../../../src/app/conversation/thread-state.js';
import {
  COLLECT_ENV,
  DRIVER_TOO_OLD,
  NO_KERNEL,
  NUMPY_ABI_WARNING,
  SEGFAULT,
  UNKNOWN_BUILD,
} from '../../helpers/thread-logs.js';
import { cleanDirs, message, type Rig, rig, TALK } from './fixture.js';

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

/** A message in the thread of `first` (where the bot answered it), not addressed to the bot. */
const inThread = (r: Rig, first: MessageIncoming, o: Partial<MessageIncoming> = {}) =>
  message(r, { place: { ...r.place, thread: first.message }, mode: 'listen', ...o });

describe('GIVEN a log answered in its thread', () => {
  it('WHEN a bare version line follows (no mention, channel not listening) THEN the answer is edited with the verdict, and nothing else is posted', async () => {
    const r = await make();
    const first = message(r, { text: DRIVER_TOO_OLD });
    await r.handle(first);
    expect(r.surface.text(r.surface.posts()[0])).toContain(UNKNOWN_BUILD);

    await r.handle(inThread(r, first, { text: '2.14.0+cu130' }));
    expect(r.surface.posts()).toHaveLength(1);
    const edits = r.surface.sent.filter((s) => s.op === 'edit');
    expect(edits.map((e) => e.id)).toEqual([r.surface.posts()[0]!.id]);
    const text = r.surface.text(edits[0]);
    expect(text).toContain('this PyTorch was built with CUDA 13.0');
    expect(text).not.toContain(UNKNOWN_BUILD);
  });

  it('WHEN collect_env output follows with a mention THEN the unknown GPU and build turn into a failed check', async () => {
    const r = await make();
    const first = message(r, { text: NO_KERNEL });
    await r.handle(first);
    expect(r.surface.text(r.surface.posts()[0])).not.toContain('[✗]');
    await r.handle(inThread(r, first, { text: COLLECT_ENV, mode: 'mention' }));
    expect(r.surface.posts()).toHaveLength(1);
    const edit = r.surface.sent.find((s) => s.op === 'edit');
    expect(r.surface.text(edit)).toMatch(/\[✗\] NVIDIA GeForce RTX 5090 .*torch 2\.1\.0\+cu118/);
  });

  it('WHEN more output follows THEN the cause follows the log: read together, the answer names the new cause', async () => {
    const r = await make();
    const first = message(r, { text: SEGFAULT });
    await r.handle(first);
    expect(r.surface.posts()[0]!.reply?.title).toMatch(/^Likely cause: Native segmentation fault/);
    await r.handle(inThread(r, first, { text: NUMPY_ABI_WARNING }));
    const edit = r.surface.sent.find((s) => s.op === 'edit');
    expect(edit?.reply?.title).toMatch(/^Likely cause: Extension built against another NumPy major version/);
    expect(r.surface.posts()).toHaveLength(1);
  });

  it.each([
    ['talk', TALK, 'listen'],
    ['thanks with a mention', 'thanks, I will try that tonight', 'mention'],
    ['a bare mention', '', 'mention'],
  ] as const)('WHEN %s follows THEN nothing is edited and nothing is posted', async (_what, text, mode) => {
    const r = await make();
    const first = message(r, { text: DRIVER_TOO_OLD });
    await r.handle(first);
    await r.handle(inThread(r, first, { text, mode }));
    expect(r.surface.sent.map((s) => s.op)).toEqual(['post']);
  });

  it('WHEN a follow-up is edited THEN the answer reads its new text (once, not twice)', async () => {
    const r = await make();
    const first = message(r, { text: NO_KERNEL });
    await r.handle(first);
    const follow = inThread(r, first, { text: 'torch 2.1.0+cu118' });
    await r.handle(follow);
    await r.handle({ ...follow, kind: 'edit', id: `${follow.id}-e`, text: COLLECT_ENV });
    expect(r.surface.posts()).toHaveLength(1);
    const edits = r.surface.sent.filter((s) => s.op === 'edit');
    expect(r.surface.text(edits.at(-1))).toContain('[✗]');
  });

  it('WHEN the first log is edited THEN it is answered anew, and a follow-up is read with the edited log', async () => {
    const r = await make();
    const first = message(r, { text: SEGFAULT });
    await r.handle(first);
    await r.handle({ ...first, kind: 'edit', id: `${first.id}-e`, text: DRIVER_TOO_OLD });
    const edits = () => r.surface.sent.filter((s) => s.op === 'edit');
    expect(r.surface.text(edits()[0])).toContain(UNKNOWN_BUILD);
    await r.handle(inThread(r, first, { text: '2.14.0+cu130' }));
    expect(edits()).toHaveLength(2);
    expect(r.surface.text(edits()[1])).toContain('this PyTorch was built with CUDA 13.0');
    expect(r.surface.posts()).toHaveLength(1);
  });

  it('WHEN another instance sees the follow-up THEN it finds the conversation in the store and edits the same answer', async () => {
    const a = await make();
    const first = message(a, { text: DRIVER_TOO_OLD });
    await a.handle(first);
    const b = await make({ store: a.store });
    await b.handle(inThread(b, first, { text: '2.14.0+cu130' }));
    expect(b.surface.posts()).toHaveLength(0);
    expect(b.surface.sent.map((s) => [s.op, s.id])).toEqual([['edit', a.surface.posts()[0]!.id]]);
  });

  it('WHEN the follow-up comes after the conversation expired THEN it is read alone (a listened version line is quiet)', async () => {
    let clock = new Date('2026-11-20T10:00:00Z');
    const r = await make({ now: () => clock });
    const first = message(r, { text: DRIVER_TOO_OLD });
    await r.handle(first);
    clock = new Date(clock.getTime() + THREAD_TTL_MS + 1000);
    await r.handle(inThread(r, first, { text: '2.14.0+cu130' }));
    expect(r.surface.sent.map((s) => s.op)).toEqual(['post']);
  });

  it('WHEN the answer was deleted THEN a follow-up posts nothing and the conversation is closed', async () => {
    const r = await make();
    const first = message(r, { text: DRIVER_TOO_OLD });
    await r.handle(first);
    r.surface.failures.edit = ['gone'];
    await r.handle(inThread(r, first, { text: '2.14.0+cu130' }));
    expect(r.surface.failures.edit).toEqual([]);
    // Closed: the next follow-up is read alone (a listened environment report is quiet), no edit tried.
    r.surface.failures.edit = ['failed'];
    await r.handle(inThread(r, first, { text: COLLECT_ENV }));
    expect(r.surface.failures.edit).toEqual(['failed']);
    expect(r.surface.sent.map((s) => s.op)).toEqual(['post']);
  });

  it('THEN the record is replaced, not added: the edited answer carries the new record and the old one is gone', async () => {
    const r = await make();
    const first = message(r, { text: DRIVER_TOO_OLD });
    await r.handle(first);
    const firstId = Number(r.surface.posts()[0]!.reply?.actions?.[0]?.value);
    await r.handle(inThread(r, first, { text: '2.14.0+cu130' }));
    const edit = r.surface.sent.find((s) => s.op === 'edit');
    const newId = Number(edit?.reply?.actions?.[0]?.value);
    expect(newId).not.toBe(firstId);
    expect(await r.store.getRecord(firstId)).toBeNull();
    expect((await r.store.getRecord(newId))?.versions.torch).toBe('2.14.0+cu130');
    expect(edit?.reply?.footer).toMatch(/First time/);
  });

  it('THEN the store keeps the conversation redacted and bounded: no secret, no more than the limit', async () => {
    const r = await make({ maxLogBytes: 512 * 1024 });
    const secret = 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const first = message(r, { text: `export HF_TOKEN=${secret}\n${DRIVER_TOO_OLD}` });
    await r.handle(first);
    const big = `${'step 1 loss=2.0\n'.repeat(8000)}torch 2.1.0+cu118`;
    await r.handle(inThread(r, first, { text: big }));
    // The follow-up's end was read (the answer now has the build) and kept within the bound.
    expect(r.surface.text(r.surface.sent.find((s) => s.op === 'edit'))).toContain('CUDA 11.8');
    const found = await r.store.findThread(`fake/W1/C1/${first.message}`, new Date());
    expect(found).not.toBeNull();
    expect(found!.state).not.toContain(secret);
    expect(found!.state).toContain('torch 2.1.0+cu118');
    const kept = JSON.parse(found!.state) as { log: string; more: { text: string }[] };
    const texts = [kept.log, ...kept.more.map((m) => m.text)].join('\n\n');
    expect(Buffer.byteLength(texts)).toBeLessThanOrEqual(THREAD_MAX_BYTES);
  });
});

describe('GIVEN a surface that answers with a reply (Discord in a channel)', () => {
  it('WHEN someone replies to the answer THEN it is a follow-up: the answer is edited', async () => {
    const r = await make({ info: { replies: 'reply' } });
    const first = message(r, { text: DRIVER_TOO_OLD });
    await r.handle(first);
    const answer = r.surface.posts()[0]!.id;
    await r.handle(message(r, { text: '2.14.0+cu130', replyTo: answer }));
    expect(r.surface.sent.map((s) => [s.op, s.id])).toEqual([
      ['post', answer],
      ['edit', answer],
    ]);
  });

  it('WHEN a message in the channel replies to nothing THEN it is read alone', async () => {
    const r = await make({ info: { replies: 'reply' } });
    await r.handle(message(r, { text: DRIVER_TOO_OLD }));
    await r.handle(message(r, { text: NO_KERNEL }));
    expect(r.surface.sent.map((s) => s.op)).toEqual(['post', 'post']);
  });
});
