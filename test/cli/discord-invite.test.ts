import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../src/cli/command.js';
import { runCli } from '../../src/cli/run.js';

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

// View Channels, Send Messages, Embed Links, Attach Files, Read Message History, Send Messages in Threads.
const PERMISSIONS = (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 38n);

describe('crashbot discord invite', () => {
  it.each([
    ['DISCORD_APPLICATION_ID', [], { DISCORD_APPLICATION_ID: '1100000000000000001' }],
    ['--application-id', ['--application-id', '1100000000000000001'], {}],
  ])(
    'GIVEN the application id from %s THEN the URL with both scopes and only the permissions used',
    async (_n, args, env) => {
      const { ctx, out } = context(env);
      expect(await runCli(['discord', 'invite', ...args], ctx)).toBe(0);
      const url = new URL(out.join('').split('\n')[0] ?? '');
      expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: '1100000000000000001',
        scope: 'bot applications.commands',
        permissions: String(PERMISSIONS),
        integration_type: '0',
      });
      expect(out.join('')).toContain('Message Content Intent');
    },
  );

  it.each([
    ['no application id', [], 2, /give --application-id ID or set DISCORD_APPLICATION_ID/],
    ['an id that is not one', ['--application-id', 'crashbot'], 2, /is not an application id/],
  ])('GIVEN %s THEN a usage error', async (_n, args, status, message) => {
    const { ctx, err } = context({});
    expect(await runCli(['discord', 'invite', ...args], ctx)).toBe(status);
    expect(err.join('')).toMatch(message);
  });
});
