// Mattermost's settings: they go together, each problem names the variable and the fix,
// secrets may come from files, and the /crash endpoint's port may not clash.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.js';

const problems = (env: Record<string, string>) => {
  const r = parseConfig(env);
  return r.ok ? [] : r.problems;
};

describe('parseConfig: Mattermost', () => {
  it('GIVEN MATTERMOST_URL and MATTERMOST_TOKEN THEN Mattermost with /crash and buttons off', () => {
    const r = parseConfig({ MATTERMOST_URL: 'https://chat.example.com/', MATTERMOST_TOKEN: 'abc' });
    expect(r.ok && r.config.mattermost).toEqual({
      url: 'https://chat.example.com/',
      token: 'abc',
      commandToken: undefined,
      commandPort: 3002,
      commandHost: undefined,
      callbackUrl: undefined,
    });
  });

  it('GIVEN nothing of Mattermost THEN no Mattermost', () => {
    const r = parseConfig({});
    expect(r.ok && r.config.mattermost).toBeNull();
  });

  it.each([
    [{ MATTERMOST_URL: 'https://chat.example.com' }, 'MATTERMOST_TOKEN', /is required.*Bot Accounts/],
    [{ MATTERMOST_TOKEN: 'abc' }, 'MATTERMOST_URL', /is required.*address of your Mattermost server/],
    [
      { MATTERMOST_URL: 'chat.example.com', MATTERMOST_TOKEN: 'a' },
      'MATTERMOST_URL',
      /address of your Mattermost server/,
    ],
    [
      {
        MATTERMOST_URL: 'https://c.example',
        MATTERMOST_TOKEN: 'a',
        MATTERMOST_CALLBACK_URL: 'http://crashbot:3002',
      },
      'MATTERMOST_COMMAND_TOKEN',
      /buttons.*Slash Commands/,
    ],
    [
      {
        MATTERMOST_URL: 'https://c.example',
        MATTERMOST_TOKEN: 'a',
        MATTERMOST_COMMAND_TOKEN: 't',
        MATTERMOST_COMMAND_PORT: 'abc',
      },
      'MATTERMOST_COMMAND_PORT',
      /port number/,
    ],
    [
      {
        MATTERMOST_URL: 'https://c.example',
        MATTERMOST_TOKEN: 'a',
        MATTERMOST_COMMAND_TOKEN: 't',
        CRASHBOT_METRICS_PORT: '3002',
      },
      'MATTERMOST_COMMAND_PORT',
      /another crashbot server listens on/,
    ],
  ])('GIVEN %j THEN a problem with %s and how to fix it', (env, variable, message) => {
    const found = problems(env).find((p) => p.variable === variable);
    expect(found?.message).toMatch(message);
  });

  it('GIVEN the tokens in MATTERMOST_TOKEN_FILE and MATTERMOST_COMMAND_TOKEN_FILE THEN they are read from the files', () => {
    const files: Record<string, string> = {
      '/run/secrets/mm': 'bot-token\n',
      '/run/secrets/cmd': 'cmd-token\n',
    };
    const r = parseConfig(
      {
        MATTERMOST_URL: 'https://c.example',
        MATTERMOST_TOKEN_FILE: '/run/secrets/mm',
        MATTERMOST_COMMAND_TOKEN_FILE: '/run/secrets/cmd',
      },
      { readSecretFile: (p) => Buffer.from(files[p] ?? '') },
    );
    expect(r.ok && [r.config.mattermost?.token, r.config.mattermost?.commandToken]).toEqual([
      'bot-token',
      'cmd-token',
    ]);
  });
});
