// The channel features on Mattermost, through the real @mattermost/client against the
// fake server: a welcome when someone adds the bot to a channel (once, in the channel,
// not for other people added), a group message answered like a direct message, and
// channel settings refused in a group message to no one (everyone there manages it).
import { afterEach, describe, expect, it } from 'vitest';
import { pause } from '../slack/expect.js';
import { OOM_LOG } from '../slack/logs.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
afterEach(async () => h?.close());

describe('GIVEN someone adds the bot to a channel', () => {
  it('THEN one welcome in the channel (not in a thread) saying how to ask, and none when a person is added', async () => {
    h = await startHarness();
    const { lonely } = h.fake.world;
    h.fake.addToChannel(lonely.id, { by: 'ana' });
    const [welcome] = await h.fake.waitFor(() => {
      const posts = h.fake.botPosts(lonely.id);
      return posts.length ? posts : null;
    });
    expect(welcome?.root_id).toBe('');
    expect(welcome?.message).toMatch(/^### Hello: I explain crash logs/);
    expect(welcome?.message).toContain('Mention @crashbot with a traceback');
    h.fake.addToChannel(lonely.id, { by: 'ana', who: 'ben' });
    await pause(300);
    expect(h.fake.botPosts(lonely.id)).toHaveLength(1);
  });
});

describe('GIVEN a group message with the bot in it', () => {
  it('THEN a pasted crash is answered without a mention, in its thread', async () => {
    h = await startHarness();
    const m = h.fake.post({ channel: h.fake.world.group.id, message: OOM_LOG, user: 'ben' });
    const [answer] = await h.answers(m);
    expect(answer?.root_id).toBe(m.id);
    expect(answer?.message).toMatch(/GPU out of memory/);
  });

  it('THEN anyone in it may change its settings', async () => {
    h = await startHarness();
    const r = await h.slashAs('listen on', { user: 'ben', channel: h.fake.world.group.id });
    const { body } = await h.fake.responseTo(r.hook);
    expect(body.text.split('\n')[0]).toBe('### Listening is on in this channel');
  });
});
