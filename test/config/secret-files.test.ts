import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { knownVariables, parseConfig } from '../../src/config/config.js';
import { SECRET_SETTINGS } from '../../src/config/secret-files.js';

const dir = mkdtempSync(join(tmpdir(), 'crashbot-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file as Docker (`/run/secrets/x`) or Kubernetes (a Secret volume) mounts it. */
function secretFile(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const problemsOf = (r: ReturnType<typeof parseConfig>) => (r.ok ? [] : r.problems);

describe('GIVEN secrets in files (<NAME>_FILE)', () => {
  it('GIVEN every secret setting from a file with a trailing newline THEN the config holds each value, trimmed', () => {
    const r = parseConfig({
      SLACK_BOT_TOKEN_FILE: secretFile('bot', 'xoxb-1-from-file\n'),
      SLACK_APP_TOKEN_FILE: secretFile('app', 'xapp-1-from-file\r\n'),
      SLACK_SIGNING_SECRET_FILE: secretFile('signing', '  s3cret  '),
      DISCORD_TOKEN_FILE: secretFile('discord', 'discord-token'),
      DATABASE_URL_FILE: secretFile('db', 'postgres://bot:pw@db:5432/crashbot\n'),
      CRASHBOT_USER_SALT_FILE: secretFile('salt', '\uFEFFsalty\n'),
    });
    expect(problemsOf(r)).toEqual([]);
    if (!r.ok) return;
    expect(r.config.slack).toMatchObject({
      botToken: 'xoxb-1-from-file',
      appToken: 'xapp-1-from-file',
      signingSecret: 's3cret',
    });
    expect(r.config.discord?.token).toBe('discord-token');
    expect(r.config.store).toEqual({ kind: 'postgres', url: 'postgres://bot:pw@db:5432/crashbot' });
    expect(r.config.userSalt).toBe('salty');
  });

  it('GIVEN a file whose secret is malformed THEN the usual check of the setting applies', () => {
    const r = parseConfig({
      SLACK_BOT_TOKEN_FILE: secretFile('bad-bot', 'not-a-token\n'),
      SLACK_APP_TOKEN: 'xapp-1',
    });
    expect(problemsOf(r).map((p) => p.variable)).toEqual(['SLACK_BOT_TOKEN']);
  });

  it('GIVEN both NAME and NAME_FILE THEN a problem says to set one', () => {
    const r = parseConfig({ DISCORD_TOKEN: 'a', DISCORD_TOKEN_FILE: secretFile('both', 'b') });
    expect(problemsOf(r)).toEqual([
      { variable: 'DISCORD_TOKEN_FILE', message: expect.stringMatching(/not both/) },
    ]);
  });

  const unreadable: [string, () => string, RegExp][] = [
    ['a missing file', () => join(dir, 'nope'), /no such file/],
    [
      'a directory',
      () => {
        mkdirSync(join(dir, 'a-dir'), { recursive: true });
        return join(dir, 'a-dir');
      },
      /directory/,
    ],
    ['an empty file', () => secretFile('empty', '\n \n'), /is empty/],
    ['a huge file', () => secretFile('huge', Buffer.alloc(100_000, 'a')), /too big/],
    ['several lines', () => secretFile('lines', 'xoxb-1\nxoxb-2\n'), /several lines/],
  ];
  it.each(unreadable)(
    'GIVEN %s THEN the problem names the variable, the path and why, and no content',
    (_, make, why) => {
      const path = make();
      const r = parseConfig({ SLACK_BOT_TOKEN_FILE: path, SLACK_APP_TOKEN: 'xapp-1' });
      const problems = problemsOf(r);
      expect(problems).toHaveLength(1);
      expect(problems[0]?.variable).toBe('SLACK_BOT_TOKEN_FILE');
      expect(problems[0]?.message).toMatch(why);
      expect(problems[0]?.message).toContain(path);
      expect(problems[0]?.message).not.toMatch(/xoxb-[12]|aaaa/);
    },
  );

  it.skipIf(process.getuid?.() === 0)(
    'GIVEN a file the bot may not read THEN it says permission denied',
    () => {
      const path = secretFile('locked', 'xoxb-locked');
      chmodSync(path, 0o000);
      const problems = problemsOf(parseConfig({ SLACK_BOT_TOKEN_FILE: path, SLACK_APP_TOKEN: 'xapp-1' }));
      expect(problems[0]?.message).toMatch(/permission denied/);
    },
  );

  it('GIVEN a reader that fails with EACCES THEN it says permission denied (whoever runs the test)', () => {
    const r = parseConfig(
      { DISCORD_TOKEN_FILE: '/run/secrets/discord' },
      {
        readSecretFile: () => {
          throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
        },
      },
    );
    expect(problemsOf(r)[0]?.message).toMatch(/cannot read \/run\/secrets\/discord: permission denied/);
  });

  it('THEN every secret setting has its _FILE variable among the known ones, and nothing else does', () => {
    const known = knownVariables();
    for (const name of SECRET_SETTINGS) expect(known).toContain(`${name}_FILE`);
    expect(known.filter((v) => v.endsWith('_FILE'))).toHaveLength(SECRET_SETTINGS.length);
  });
});

describe('GIVEN CRASHBOT_SHUTDOWN_TIMEOUT_SECONDS', () => {
  it.each([
    [undefined, 6000],
    ['2.5', 2500],
    ['0', 0],
  ])('GIVEN %s THEN the bound is %i ms', (value, ms) => {
    const r = parseConfig(value === undefined ? {} : { CRASHBOT_SHUTDOWN_TIMEOUT_SECONDS: value });
    expect(r.ok && r.config.shutdownTimeoutMs).toBe(ms);
  });

  it.each(['-1', 'soon', '99999'])('GIVEN %s THEN the problem names the variable', (value) => {
    expect(
      problemsOf(parseConfig({ CRASHBOT_SHUTDOWN_TIMEOUT_SECONDS: value })).map((p) => p.variable),
    ).toEqual(['CRASHBOT_SHUTDOWN_TIMEOUT_SECONDS']);
  });
});
