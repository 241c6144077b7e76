import { describe, expect, it } from 'vitest';
import { createDeduper, dedupeKey } from '../../../src/adapters/slack/dedupe.js';
import { createReplyIndex } from '../../../src/adapters/slack/reply-index.js';

describe('createDeduper', () => {
  it('GIVEN the same event id twice within the window THEN only the first is handled', () => {
    let now = 0;
    const d = createDeduper({ ttlMs: 1000, max: 10, now: () => now });
    expect(d.first('e1')).toBe(true);
    now = 999;
    expect(d.first('e1')).toBe(false);
    now = 1001;
    expect(d.first('e1')).toBe(true);
  });

  it('GIVEN more keys than the bound THEN the oldest are forgotten and the size stays bounded', () => {
    const d = createDeduper({ ttlMs: 60_000, max: 3, now: () => 0 });
    for (const k of ['a', 'b', 'c', 'd']) expect(d.first(k)).toBe(true);
    expect(d.size).toBe(3);
    expect(d.first('a')).toBe(true);
    expect(d.first('d')).toBe(false);
  });

  it.each([
    [{ event_id: 'Ev1', trigger_id: 't' }, 'event:Ev1'],
    [{ trigger_id: '123.456' }, 'trigger:123.456'],
    [{ type: 'block_actions' }, null],
    [null, null],
    ['text', null],
  ])('GIVEN body %j THEN the dedupe key is %s', (body, key) => {
    expect(dedupeKey(body)).toBe(key);
  });
});

describe('createReplyIndex', () => {
  const posted = { channel: 'C1', ts: ['1.1'], mode: 'mention' as const };

  it('GIVEN a reserved message THEN a reader waits until the answer is posted', async () => {
    const index = createReplyIndex(10);
    const settle = index.reserve('k');
    const read = index.get('k');
    settle(posted);
    await expect(read).resolves.toEqual(posted);
  });

  it('GIVEN a reservation settled with nothing THEN the message is not known', async () => {
    const index = createReplyIndex(10);
    index.reserve('k')(null);
    expect(index.get('k')).toBeUndefined();
  });

  it('GIVEN more answers than the bound THEN the oldest are forgotten', async () => {
    const index = createReplyIndex(2);
    index.set('a', posted);
    index.set('b', posted);
    index.set('c', posted);
    expect(index.get('a')).toBeUndefined();
    await expect(index.get('c')).resolves.toEqual(posted);
  });
});
