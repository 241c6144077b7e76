// `crashbot discord register`, run in-process against the fake Discord's REST API.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../src/cli/command.js';
import { runCli } from '../../src/cli/run.js';
import { type FakeDiscord, startFakeDiscord } from '../adapters/discord/fake/index.mjs';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(async () => fake?.close());

function context(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const ctx: CommandContext = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    stdin: Readable.from([]),
    env,
    knowledge: async () => ({ ok: false, problems: [] }),
    now: () => new Date(),
  };
  return { ctx, out, err };
}

const env = (extra: Record<string, string> = {}) => ({
  DISCORD_TOKEN: fake.world.token,
  DISCORD_API_URL: fake.apiUrl,
  ...extra,
});

describe('crashbot discord register', () => {
  it.each([
    [
      '--guild ID, the application id set',
      ['--guild', '1300000000000000001'],
      { DISCORD_APPLICATION_ID: '1100000000000000001' },
      'guild',
    ],
    ['no --guild, the application id asked from Discord', [], {}, 'global'],
  ])('GIVEN %s THEN both commands are registered there', async (_name, args, extra, scope) => {
    const { ctx, out, err } = context(env(extra));
    const code = await runCli(['discord', 'register', ...args], ctx);
    expect(err.join('')).toBe('');
    expect(code).toBe(0);
    const saved =
      scope === 'guild'
        ? fake.rest.state.commands.guilds.get('1300000000000000001')
        : fake.rest.state.commands.global;
    expect(saved?.map((c) => [c.name, c.type ?? 1])).toEqual([
      ['crash', 1],
      ['Diagnose crash', 3],
    ]);
    const crash = saved?.[0];
    expect(crash?.options.map((o: { name: string }) => o.name)).toEqual([
      'code',
      'summary',
      'listen',
      'summaries',
      'help',
    ]);
    expect(out.join('')).toContain('Registered 2 commands');
    expect(fake.rest.calls.at(-1)?.authorization).toBe(`Bot ${fake.world.token}`);
  });

  it.each([
    ['a token Discord refuses', () => env({ DISCORD_TOKEN: 'wrong' }), [], 1, /\[DISCORD_TOKEN_INVALID\]/],
    ['no token', () => ({}), [], 2, /set DISCORD_TOKEN/],
    ['a guild that is not an id', () => env(), ['--guild', 'my-server'], 2, /--guild takes a server id/],
  ])(
    'GIVEN %s THEN it fails with a message that says what to do',
    async (_name, e, args, status, message) => {
      const { ctx, err } = context(e());
      expect(await runCli(['discord', 'register', ...args], ctx)).toBe(status);
      expect(err.join('')).toMatch(message);
    },
  );

  it('GIVEN --clear after trying the commands in a guild THEN none are left there', async () => {
    const guild = '1300000000000000001';
    await runCli(['discord', 'register', '--guild', guild], context(env()).ctx);
    expect(fake.rest.state.commands.guilds.get(guild)).toHaveLength(2);
    const { ctx, out } = context(env());
    expect(await runCli(['discord', 'register', '--guild', guild, '--clear'], ctx)).toBe(0);
    expect(fake.rest.state.commands.guilds.get(guild)).toEqual([]);
    expect(out.join('')).toContain(`Removed the commands in guild ${guild}`);
  });
});
