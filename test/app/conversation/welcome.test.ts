// The bot added to a channel, through the pipeline: one short welcome in the channel (not
// in a thread), claimed once however many times the join is delivered, saying how to
// mention the bot on this surface and how this surface answers.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { JoinedIncoming } from '../../../src/app/conversation/incoming.js';
import { cleanDirs, type Rig, rig } from './fixture.js';

const rigs: Rig[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) await r.close();
});
afterAll(cleanDirs);

const joined = (r: Rig, id = 'j1'): JoinedIncoming => ({ kind: 'joined', id, place: r.place, user: 'B0T' });

describe('GIVEN the bot is added to a channel', () => {
  it('THEN one welcome in the channel, also when the join is delivered twice', async () => {
    const r = await rig({ info: { mention: '@crashbot' } });
    rigs.push(r);
    await Promise.all([r.handle(joined(r)), r.handle(joined(r))]);
    const posts = r.surface.posts();
    expect(posts.map((p) => [p.reply?.title, p.via, p.private])).toEqual([
      ['Hello: I explain crash logs', 'at', false],
    ]);
    expect(posts[0]?.target).toEqual({ place: r.place });
    expect(r.surface.text(posts[0])).toContain('Mention @crashbot with a traceback');
    expect(r.surface.text(posts[0])).toContain('answer in the thread');
    expect(r.surface.text(posts[0])).toContain('/crash help');
  });

  it('GIVEN a surface that answers with a reply and does not say its name THEN the welcome says so', async () => {
    const r = await rig({ info: { replies: 'reply' } });
    rigs.push(r);
    await r.handle(joined(r));
    const text = r.surface.text(r.surface.posts()[0]);
    expect(text).toContain('Mention me with a traceback');
    expect(text).toContain('answer with a reply');
  });

  it('GIVEN a later join (another id) THEN another welcome', async () => {
    const r = await rig();
    rigs.push(r);
    await r.handle(joined(r, 'j1'));
    await r.handle(joined(r, 'j2'));
    expect(r.surface.posts()).toHaveLength(2);
  });
});
