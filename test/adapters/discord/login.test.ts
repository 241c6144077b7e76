// Logging in: the intents asked for follow the features turned on, and a refused
// token or a privileged intent not enabled on the portal stop start-up with a coded
// message that says how to fix it.
import { describe, expect, it } from 'vitest';
import { logged } from '../../helpers/log-lines.js';
import { startHarness } from './harness.js';

const GUILDS = 1;
const GUILD_MESSAGES = 1 << 9;
const DIRECT_MESSAGES = 1 << 12;
const MESSAGE_CONTENT = 1 << 15;

describe('GIVEN the bot logs in', () => {
  it.each([
    ['listening off', false, GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES],
    ['listening on', true, GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES | MESSAGE_CONTENT],
  ])(
    'GIVEN %s THEN it identifies with only the intents its features need',
    async (_name, messageContent, intents) => {
      const h = await startHarness({ messageContent });
      try {
        expect(h.fake.gateway.identifies.map((d) => d.intents)).toEqual([intents]);
        expect(logged(h.logs, /^logged in as crashbot/)).toEqual([
          expect.objectContaining({ name: 'discord' }),
        ]);
      } finally {
        await h.close();
      }
    },
  );

  it.each([
    ['a token Discord refuses', { token: 'not-the-token' }, /\[DISCORD_TOKEN_INVALID\]$/],
    [
      'the Message Content intent not enabled on the portal',
      { messageContent: true, fake: { disallowedIntents: MESSAGE_CONTENT } },
      /Message Content Intent.*DISCORD_MESSAGE_CONTENT=false.*\[DISCORD_INTENTS_DISALLOWED\]$/,
    ],
  ])('GIVEN %s THEN start-up fails with a coded message that says what to do', async (_name, o, message) => {
    await expect(startHarness(o)).rejects.toThrow(message);
  });
});
