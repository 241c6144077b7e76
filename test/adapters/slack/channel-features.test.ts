// The channel features on Slack, through Bolt against the fake Slack: a welcome when
// someone adds the bot to a channel (once, even when Slack delivers the event twice; not
// when the bot joined by itself or someone else joined), group direct messages answered
// like direct messages, and channel settings for workspace admins and owners and the
// channel's creator only (anyone in a group DM; no one when Slack cannot say), and
// `/crash summary` answered privately with its chart.
import { afterEach, describe, expect, it } from 'vitest';
import { blockText, eventually, headerOf, pause, posts, waitForPosts, waitForResponse } from './expect.js';
import { type Harness, startHarness } from './harness.js';
import { OOM_LOG } from './logs.js';
import { command, mention, message, newEventId, newTs, TEAM } from './payloads.js';

let h: Harness;
afterEach(async () => {
  await h?.stop();
});

const joined = (o: { user?: string; inviter?: string; channel?: string } = {}) => ({
  type: 'member_joined_channel',
  user: o.user ?? 'U0CRASHBOT',
  channel: o.channel ?? 'C0NEWS',
  channel_type: 'C',
  team: TEAM,
  ...(o.inviter && { inviter: o.inviter }),
  event_ts: newTs(),
});

const settings = (channel: string) => h.store.getSettings({ platform: 'slack', workspace: TEAM, channel });

describe('GIVEN the bot is added to a channel', () => {
  it('GIVEN someone invited it THEN one welcome in the channel, also when Slack delivers the event again', async () => {
    h = await startHarness({ transport: 'http' });
    const ev = joined({ inviter: 'U0ANA' });
    const eventId = newEventId();
    await h.event(ev, { eventId });
    await h.event(ev, { eventId, retryNum: 1 });
    const [welcome] = await h.fake.waitFor(() => {
      const found = posts(h.fake).filter((c) => c.args.channel === 'C0NEWS');
      return found.length ? found : undefined;
    });
    expect(welcome?.args.thread_ts).toBeUndefined();
    expect(headerOf(welcome?.args.blocks)).toBe('Hello: I explain crash logs');
    expect(blockText(welcome?.args.blocks)).toContain('Mention @crashbot with a traceback');
    await pause(200);
    expect(posts(h.fake).filter((c) => c.args.channel === 'C0NEWS')).toHaveLength(1);
  });

  it.each([
    ['it joined by itself (no inviter)', {}],
    ['someone else was added', { user: 'U0BEN', inviter: 'U0ANA' }],
  ])('GIVEN %s THEN no welcome', async (_n, o) => {
    h = await startHarness({ transport: 'http' });
    await h.event(joined(o));
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    await waitForPosts(h.fake, ev.ts);
    expect(posts(h.fake).filter((c) => c.args.channel === 'C0NEWS')).toEqual([]);
  });
});

describe('GIVEN a group direct message (mpim) with the bot in it', () => {
  it('THEN a pasted crash is answered without a mention, in its thread', async () => {
    h = await startHarness({ transport: 'http' });
    const ev = message({ text: OOM_LOG, channel: 'G0GROUP', channel_type: 'mpim' });
    await h.event(ev);
    const [answer] = await waitForPosts(h.fake, ev.ts);
    expect(headerOf(answer?.args.blocks)).toMatch(/GPU out of memory/);
  });

  it('THEN a message that mentions the bot, delivered as a message and as app_mention, is answered once', async () => {
    h = await startHarness({ transport: 'http' });
    const ev = mention({ text: OOM_LOG, channel: 'G0GROUP', channel_type: 'mpim' });
    await h.event({ ...ev, type: 'message' });
    await h.event(ev);
    await waitForPosts(h.fake, ev.ts);
    await pause(200);
    expect(posts(h.fake, ev.ts)).toHaveLength(1);
  });

  it('THEN anyone in it may change its settings', async () => {
    h = await startHarness({ transport: 'http' });
    h.fake.groupDms.add('G0GROUP');
    await h.command(command('listen on', h.fake.responseUrl(), { channel: 'G0GROUP', user: 'U0BEN' }));
    const body = await waitForResponse(h.fake);
    expect(headerOf(body.blocks)).toBe('Listening is on in this channel');
    expect(blockText(body.blocks)).not.toContain('/invite');
  });
});

describe('GIVEN /crash listen on in a channel', () => {
  it.each([
    ['a workspace admin', (): void => void h.fake.roles.set('U0BEN', 'admin'), true],
    ['the workspace owner', (): void => void h.fake.roles.set('U0BEN', 'primary_owner'), true],
    ['the channel creator', (): void => void h.fake.creators.set('C0TRAIN', 'U0BEN'), true],
    ['a member', (): void => {}, false],
  ] as const)('GIVEN %s asks THEN the setting changes: %s', async (_who, arrange, allowed) => {
    h = await startHarness({ transport: 'http' });
    arrange();
    await h.command(command('listen on', h.fake.responseUrl(), { user: 'U0BEN' }));
    const body = await waitForResponse(h.fake);
    expect(headerOf(body.blocks)).toBe(
      allowed ? 'Listening is on in this channel' : 'Only channel managers can change this',
    );
    expect(body.response_type).toBe(allowed ? 'in_channel' : 'ephemeral');
    expect((await settings('C0TRAIN')).listening).toBe(allowed);
  });

  it('GIVEN a workspace admin in a private channel the bot is not in THEN the setting changes', async () => {
    h = await startHarness({ transport: 'http' });
    h.fake.roles.set('U0BEN', 'admin');
    h.fake.fail('conversations.info', { error: 'channel_not_found' }, 2);
    await h.command(command('summary on', h.fake.responseUrl(), { user: 'U0BEN', channel: 'G0SECRET' }));
    expect(headerOf((await waitForResponse(h.fake)).blocks)).toBe('Weekly summary is on in this channel');
  });

  it('GIVEN a member in a private channel the bot is not in THEN refused: its creator cannot be told', async () => {
    h = await startHarness({ transport: 'http' });
    h.fake.fail('conversations.info', { error: 'channel_not_found' }, 2);
    await h.command(command('listen on', h.fake.responseUrl(), { user: 'U0BEN', channel: 'G0SECRET' }));
    expect(headerOf((await waitForResponse(h.fake)).blocks)).toBe('Only channel managers can change this');
  });

  it('GIVEN Slack cannot say who the person is (a missing scope) THEN no change, and the log names the scopes', async () => {
    h = await startHarness({ transport: 'http' });
    h.fake.roles.set('U0BEN', 'admin');
    h.fake.fail('users.info', { error: 'missing_scope' });
    await h.command(command('listen on', h.fake.responseUrl(), { user: 'U0BEN' }));
    const body = await waitForResponse(h.fake);
    expect(headerOf(body.blocks)).toBe('Only channel managers can change this');
    expect((await settings('C0TRAIN')).listening).toBe(false);
    await eventually(() => h.logs.some((l) => l.includes('users:read')));
  });

  it('GIVEN /crash 137 or /crash summary from a member THEN no one asks Slack who they are', async () => {
    h = await startHarness({ transport: 'http' });
    await h.command(command('137', h.fake.responseUrl(), { user: 'U0BEN' }));
    await waitForResponse(h.fake);
    expect(h.fake.callsTo('users.info')).toEqual([]);
  });
});

describe('GIVEN /crash summary after a crash', () => {
  // biome-ignore lint/suspicious/noExplicitAny: response payloads as posted
  async function summaryAnswer(): Promise<{ body: any }> {
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    await waitForPosts(h.fake, ev.ts);
    await h.command(command('summary', h.fake.responseUrl()));
    return { body: await waitForResponse(h.fake) };
  }

  it('THEN the private answer shows the chart: uploaded into no channel, and named by an image block', async () => {
    h = await startHarness({ transport: 'http' });
    const { body } = await summaryAnswer();
    expect(body.response_type).toBe('ephemeral');
    expect(headerOf(body.blocks)).toMatch(/^Crash summary \d{4}-W\d{2}/);
    const image = body.blocks.find((b: { type: string }) => b.type === 'image');
    expect(image?.slack_file?.id).toMatch(/^F/);
    expect(image?.alt_text).toMatch(/crash/i);
    const shared = h.fake.shared.find((f) => f.id === image.slack_file.id);
    expect(shared).toMatchObject({ channel: undefined });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(h.fake.uploads.find((u) => u.id === shared?.id)?.bytes.includes(png)).toBe(true);
  });

  it('GIVEN Slack refuses the upload THEN the answer comes without the chart, and the log says why', async () => {
    h = await startHarness({ transport: 'http' });
    h.fake.fail('files.getUploadURLExternal', { error: 'missing_scope' });
    const { body } = await summaryAnswer();
    expect(headerOf(body.blocks)).toMatch(/^Crash summary/);
    expect(body.blocks.some((b: { type: string }) => b.type === 'image')).toBe(false);
    await eventually(() => h.logs.some((l) => l.includes('could not upload a file of a private answer')));
  });
});
