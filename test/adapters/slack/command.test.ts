import { afterEach, describe, expect, it } from 'vitest';
import { blockText, headerOf, waitForResponse } from './expect.js';
import { type Harness, startHarness, type Transport } from './harness.js';
import { command } from './payloads.js';

describe.each<Transport>(['http', 'socket'])('/crash over %s', (transport) => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('GIVEN /crash -1073740791 THEN the answer decodes it, only for the person who asked', async () => {
    h = await startHarness({ transport });
    await h.command(command('-1073740791', h.fake.responseUrl()));
    const body = await waitForResponse(h.fake);
    expect(body.response_type).toBe('ephemeral');
    expect(body.replace_original).toBe(false);
    expect(headerOf(body.blocks)).toBe('-1073740791: STATUS_STACK_BUFFER_OVERRUN');
    expect(blockText(body.blocks)).toContain('0xC0000409');
  });

  it('GIVEN /crash 137 public THEN the answer is posted for the whole channel', async () => {
    h = await startHarness({ transport });
    await h.command(command('137 public', h.fake.responseUrl()));
    const body = await waitForResponse(h.fake);
    expect(body.response_type).toBe('in_channel');
    expect(headerOf(body.blocks)).toMatch(/SIGKILL/);
  });

  it.each([
    ['help', 'crashbot: explains GPU and ML crash logs'],
    ['', 'crashbot: explains GPU and ML crash logs'],
    ['listen maybe', 'I did not understand that'],
    ['0xZZZ', 'That is not an exit code I can read'],
  ])('GIVEN /crash %j THEN the ephemeral answer is %j', async (text, title) => {
    h = await startHarness({ transport });
    await h.command(command(text, h.fake.responseUrl()));
    const body = await waitForResponse(h.fake);
    expect(body.response_type).toBe('ephemeral');
    expect(headerOf(body.blocks)).toBe(title);
  });

  it('GIVEN /crash listen on in a public channel the bot is not in THEN it joins, and says so to everyone', async () => {
    h = await startHarness({ transport });
    h.fake.notInChannel.add('C0NEW');
    h.fake.creators.set('C0NEW', 'U0ANA');
    await h.command(command('listen on', h.fake.responseUrl(), { channel: 'C0NEW' }));
    const body = await waitForResponse(h.fake);
    expect(body.response_type).toBe('in_channel');
    expect(headerOf(body.blocks)).toBe('Listening is on in this channel');
    expect(h.fake.callsTo('conversations.join').map((c) => c.args.channel)).toEqual(['C0NEW']);
    expect(
      await h.store.getSettings({ platform: 'slack', workspace: 'T0FAKE', channel: 'C0NEW' }),
    ).toMatchObject({
      listening: true,
    });
  });

  it('GIVEN /crash summary on in a private channel THEN the answer asks to invite the bot', async () => {
    h = await startHarness({ transport });
    h.fake.privateChannels.add('G0PRIV');
    h.fake.notInChannel.add('G0PRIV');
    h.fake.roles.set('U0ANA', 'owner');
    await h.command(
      command('summary on monday 09:00 Europe/Berlin', h.fake.responseUrl(), { channel: 'G0PRIV' }),
    );
    const body = await waitForResponse(h.fake);
    expect(headerOf(body.blocks)).toBe('Weekly summary is on in this channel');
    expect(blockText(body.blocks)).toContain('Every Monday at 09:00 (Europe/Berlin)');
    expect(blockText(body.blocks)).toContain('/invite @crashbot');
  });

  it('GIVEN the response_url fails THEN the answer goes through chat.postEphemeral', async () => {
    h = await startHarness({ transport });
    await h.command(command('137', `${h.fake.url}/gone`));
    const call = await h.fake.waitFor(() => h.fake.callsTo('chat.postEphemeral')[0]);
    expect(call.args).toMatchObject({ channel: 'C0TRAIN', user: 'U0ANA' });
    expect(headerOf(call.args.blocks)).toMatch(/SIGKILL/);
  });
});

describe('/crash acknowledgement', () => {
  it('GIVEN an answer that takes seconds THEN Slack gets its ack at once and the answer after', async () => {
    const h = await startHarness({
      transport: 'http',
      wrapBot: (bot) => ({
        ...bot,
        handleCommand: async (...args) => {
          await new Promise((r) => setTimeout(r, 1500));
          return bot.handleCommand(...args);
        },
      }),
    });
    try {
      const started = Date.now();
      await h.command(command('137', h.fake.responseUrl()));
      expect(Date.now() - started).toBeLessThan(1000);
      expect(h.fake.responses).toHaveLength(0);
      const body = await waitForResponse(h.fake);
      expect(headerOf(body.blocks)).toMatch(/SIGKILL/);
    } finally {
      await h.stop();
    }
  });
});
