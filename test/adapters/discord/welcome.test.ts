// The bot added to a Discord server, through discord.js against the fake gateway: one
// welcome in the server's system channel, or in its first text channel the bot may write
// in when there is none, and nothing when a server it was in comes back.
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, pause } from '../slack/expect.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
afterEach(async () => h?.close());

const welcomes = (channel: string) =>
  h.fake.messages(channel).filter((m) => JSON.stringify(m).includes('Hello: I explain crash logs'));

describe('GIVEN the bot is added to a server', () => {
  it('GIVEN it has a system channel THEN one welcome there, naming how to mention the bot', async () => {
    h = await startHarness();
    const g = h.fake.joinGuild({ names: ['rules', 'general', 'welcome'], system: 'welcome' });
    await eventually(() => welcomes(g.channels.welcome!).length > 0, 5000, 'a welcome');
    expect(JSON.stringify(welcomes(g.channels.welcome!)[0])).toContain('Mention @crashbot with a traceback');
    await pause(200);
    expect(h.fake.messages(g.channels.general!)).toEqual([]);
    expect(welcomes(g.channels.welcome!)).toHaveLength(1);
    // The server it was in at login (its GUILD_CREATE came with READY) got none.
    expect(welcomes(h.fake.world.channel)).toEqual([]);
  });

  it('GIVEN no system channel and a first channel the bot may not write in THEN the welcome goes to the next one', async () => {
    h = await startHarness();
    const g = h.fake.joinGuild({ names: ['rules', 'general'], readOnly: ['rules'] });
    await eventually(() => welcomes(g.channels.general!).length > 0, 5000, 'a welcome');
    expect(h.fake.messages(g.channels.rules!)).toEqual([]);
  });
});
