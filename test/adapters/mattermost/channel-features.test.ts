// The channel features on Mattermost, through the real @mattermost/client against the
// fake server: a welcome when someone adds the bot to a channel (once, in the channel,
// not for other people added), a group message answered like a direct message, and
// channel settings in a group message for anyone in it, and `/crash summary` with its
// chart in a direct message.
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

describe('GIVEN /crash summary after a crash', () => {
  it('THEN the summary with its chart comes in a direct message, and the private answer says where', async () => {
    h = await startHarness();
    await h.answers(h.fake.post({ message: `@crashbot ${OOM_LOG}` }));
    const r = await h.slashAs('summary', { user: 'ben' });
    const { body } = await h.fake.responseTo(r.hook);
    expect(body.response_type).toBe('ephemeral');
    expect(body.text).toMatch(/^### Crash summary \d{4}-W\d{2}/);
    expect(body.text).toContain('in our direct messages with its chart');
    const { world } = h.fake;
    const dm = [...world.channels.values()].find(
      (c) => c.type === 'D' && world.isMember(c.id, world.users.ben.id) && world.isMember(c.id, world.bot.id),
    );
    const [post] = h.fake.botPosts(dm?.id);
    expect(post?.message).toMatch(/^### Crash summary/);
    expect(post?.file_ids).toHaveLength(1);
    expect(world.files.get(post!.file_ids[0]!)?.info.mime_type).toBe('image/png');
  });

  it('GIVEN the direct message cannot be made THEN the private answer carries the summary without the chart', async () => {
    h = await startHarness();
    await h.answers(h.fake.post({ message: `@crashbot ${OOM_LOG}` }));
    h.fake.fail('POST', /\/channels\/direct$/, { status: 403 });
    const { body } = await h.fake.responseTo((await h.slashAs('summary', { user: 'ben' })).hook);
    expect(body.text).toMatch(/^### Crash summary/);
    expect(body.text).not.toContain('direct messages');
  });
});
