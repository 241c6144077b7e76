// `/crash` and the feedback buttons on Mattermost: the endpoint Mattermost posts to is the
// guarded HTTP server (a wrong or missing token 401, other paths 404, other methods 405,
// big bodies 413), answers go through the command's response_url, channel settings are
// for channel, team and system admins only, and a click is answered in its own response
// once its signed context checks out.
import { afterEach, describe, expect, it } from 'vitest';
import { OOM_LOG } from '../slack/logs.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
afterEach(async () => h?.close());

describe('GIVEN the /crash endpoint', () => {
  it('GIVEN a wrong token, none, or the token only in the Authorization header THEN 401, 401 and 200', async () => {
    h = await startHarness();
    expect((await h.slashAs('137', { token: 'not-the-token' })).status).toBe(401);
    const form = new URLSearchParams({
      channel_id: h.fake.world.town.id,
      user_id: h.fake.world.users.ana.id,
      text: '137',
    });
    const post = (headers: Record<string, string>) =>
      fetch(h.commandUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: form.toString(),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: `Token ${h.fake.commandToken}` })).status).toBe(200);
    expect(h.fake.responses).toHaveLength(0);
  });

  it('GIVEN requests the endpoint was not written for THEN 404, 405 and 413 before any handler runs', async () => {
    h = await startHarness();
    const base = h.commandUrl.replace('/mattermost/command', '');
    expect((await fetch(`${base}/wp-login.php`)).status).toBe(404);
    expect((await fetch(h.commandUrl)).status).toBe(405);
    const big = await fetch(h.commandUrl, { method: 'POST', body: 'x'.repeat(200_000) });
    expect(big.status).toBe(413);
  });

  it('GIVEN /crash CODE THEN the answer through the response_url, ephemeral, and nothing in the HTTP answer', async () => {
    h = await startHarness();
    const r = await h.slashAs('0xC0000409');
    expect(r).toMatchObject({ status: 200, body: '' });
    const { body } = await h.fake.responseTo(r.hook);
    expect(body.response_type).toBe('ephemeral');
    expect(body.text).toMatch(/^### .*STATUS\\_STACK\\_BUFFER\\_OVERRUN/);
  });

  it('GIVEN /crash help THEN the commands, privately', async () => {
    h = await startHarness();
    const { body } = await h.fake.responseTo((await h.slashAs('help')).hook);
    expect(body.response_type).toBe('ephemeral');
    expect(body.text).toContain('/crash listen on');
  });
});

describe('GIVEN /crash listen on', () => {
  it.each([
    ['ana, a channel admin', 'Listening is on in this channel', 'ana'],
    ['a system admin', 'Listening is on in this channel', 'admin'],
    ['ben, a member', 'Only channel managers can change this', 'ben'],
  ] as const)('GIVEN %s asks THEN "%s"', async (_who, title, user) => {
    h = await startHarness();
    if (user === 'admin') h.fake.world.join(h.fake.world.town, h.fake.world.users.admin);
    const { body } = await h.fake.responseTo((await h.slashAs('listen on', { user })).hook);
    expect(body.text.split('\n')[0]).toBe(`### ${title}`);
    const settings = await h.store.getSettings({
      platform: 'mattermost',
      workspace: new URL(h.fake.url).host,
      channel: h.fake.world.town.id,
    });
    expect(settings.listening).toBe(user !== 'ben');
  });

  it('GIVEN a public channel the bot is not in THEN it joins, and then answers pasted crashes there', async () => {
    h = await startHarness();
    const { lonely } = h.fake.world;
    const { body } = await h.fake.responseTo((await h.slashAs('listen on', { channel: lonely.id })).hook);
    expect(body.text).not.toContain('Add me to this channel');
    expect(h.fake.world.isMember(lonely.id, h.fake.world.bot.id)).toBe(true);
    const m = h.fake.post({ channel: lonely.id, message: OOM_LOG });
    expect((await h.answers(m))[0]?.message).toMatch(/GPU out of memory/);
  });
});

describe('GIVEN the feedback buttons', () => {
  it('GIVEN Fixed it is clicked THEN the click is answered in its response and the vote kept', async () => {
    h = await startHarness({ buttons: true });
    const [answer] = await h.answers(h.fake.post({ message: `@crashbot ${OOM_LOG}` }));
    const r = await h.fake.click(answer!, 'Fixed it', { user: 'ben' });
    expect(r.status).toBe(200);
    expect(r.body?.ephemeral_text).toMatch(/^### Thanks: marked as fixed/);
    const again = await h.fake.click(answer!, 'Wrong cause', { user: 'ben' });
    expect(again.body?.ephemeral_text).toMatch(/^### Thanks: marked as the wrong cause/);
  });

  it('GIVEN a click whose context was not signed by crashbot THEN 401 and no vote', async () => {
    h = await startHarness({ buttons: true });
    const [answer] = await h.answers(h.fake.post({ message: `@crashbot ${OOM_LOG}` }));
    const context = { action: 'feedback-fixed', value: '1', sig: '00'.repeat(32) };
    const r = await h.fake.click(answer!, 'Fixed it', { context });
    expect(r.status).toBe(401);
    const forged = { ...answer!.props.attachments[0].actions[0].integration.context, value: '2' };
    expect((await h.fake.click(answer!, 'Fixed it', { context: forged })).status).toBe(401);
  });
});
