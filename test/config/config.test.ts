import { describe, expect, it } from 'vitest';
import { envSchema, parseConfig, RUN_VARIABLES } from '../../src/config/config.js';
import { HOW_TO_FIX } from '../../src/config/hints.js';

describe('parseConfig: Discord request limit', () => {
  it('GIVEN a Discord token alone THEN the global limit is Discord default of 50 requests per second', () => {
    const r = parseConfig({ DISCORD_TOKEN: 't' });
    expect(r.ok && r.config.discord?.globalRequestsPerSecond).toBe(50);
  });

  it('GIVEN DISCORD_GLOBAL_REQUESTS_PER_SECOND=500 THEN the limit is 500', () => {
    const r = parseConfig({ DISCORD_TOKEN: 't', DISCORD_GLOBAL_REQUESTS_PER_SECOND: '500' });
    expect(r.ok && r.config.discord?.globalRequestsPerSecond).toBe(500);
  });

  it.each(['0', 'fast', '-3', '1.5'])(
    'GIVEN DISCORD_GLOBAL_REQUESTS_PER_SECOND=%s THEN the problem names the variable',
    (v) => {
      const r = parseConfig({ DISCORD_TOKEN: 't', DISCORD_GLOBAL_REQUESTS_PER_SECOND: v });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.problems.map((p) => p.variable)).toEqual(['DISCORD_GLOBAL_REQUESTS_PER_SECOND']);
    },
  );
});

describe('parseConfig: HOST (Slack HTTP mode)', () => {
  const slackHttp = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' };

  it('GIVEN no HOST THEN every interface; GIVEN HOST THEN that address', () => {
    const all = parseConfig(slackHttp);
    expect(all.ok && all.config.slack?.host).toBeUndefined();
    const local = parseConfig({ ...slackHttp, HOST: '127.0.0.1' });
    expect(local.ok && local.config.slack?.host).toBe('127.0.0.1');
    const v6 = parseConfig({ ...slackHttp, HOST: '::1' });
    expect(v6.ok && v6.config.slack?.host).toBe('::1');
    const blank = parseConfig({ ...slackHttp, HOST: '  ' });
    expect(blank.ok && blank.config.slack?.host).toBeUndefined();
  });

  it.each(['bad host', 'http://0.0.0.0', '127.0.0.1/8'])(
    'GIVEN HOST=%s THEN a problem names HOST',
    (host) => {
      const r = parseConfig({ ...slackHttp, HOST: host });
      expect(!r.ok && r.problems.map((p) => p.variable)).toEqual(['HOST']);
    },
  );
});

describe('parseConfig: every problem names the variable and the fix', () => {
  it('THEN every variable crashbot reads has a line saying how to fix it, and no line names an unknown one', () => {
    const read = [...Object.keys(envSchema.shape), ...RUN_VARIABLES];
    expect(read.filter((v) => HOW_TO_FIX[v] === undefined)).toEqual([]);
    expect(Object.keys(HOW_TO_FIX).filter((v) => !read.includes(v))).toEqual([]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DISCORD_GLOBAL_REQUESTS_PER_SECOND', 'fast'],
    ['CRASHBOT_MAX_LOG_BYTES', '-1'],
    ['CRASHBOT_RATE_USER_PER_MINUTE', 'ten'],
    ['CRASHBOT_LISTEN_COOLDOWN_SECONDS', '1.5'],
    ['LOG_LEVEL', 'verbose'],
    ['CRASHBOT_OCR', 'yes'],
    ['CRASHBOT_OCR_WORKERS', '99'],
    ['CRASHBOT_SQLITE_SYNCHRONOUS', 'off'],
    ['CRASHBOT_SHUTDOWN_TIMEOUT_SECONDS', 'forever'],
    ['CRASHBOT_MAX_IMAGE_BYTES', '999999999999'],
    ['SLACK_API_URL', 'not a url'],
    ['CRASHBOT_DB_PATH', '   '],
  ])(
    'GIVEN %s=%s THEN the problem says what it was and how to fix it, in words a person can act on',
    (variable, value) => {
      const r = parseConfig({ [variable]: value });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.problems.map((p) => p.variable)).toEqual([variable]);
      const message = r.problems[0]?.message ?? '';
      expect(message).toContain(HOW_TO_FIX[variable]);
      expect(message).not.toMatch(
        /Invalid input|expected number|received NaN|Too (?:small|big)|Invalid option/,
      );
      if (value.trim()) expect(message).toContain(`"${value}"`);
    },
  );

  it('GIVEN PORT=abc THEN the line crashbot start prints is the variable, what it was and the fix', () => {
    const r = parseConfig({ PORT: 'abc' });
    expect(!r.ok && `${r.problems[0]?.variable}: ${r.problems[0]?.message}`).toBe(
      'PORT: is "abc"; use a port number from 0 to 65535 such as 3000 (where Slack HTTP mode listens; 0 picks a free one)',
    );
  });

  it('GIVEN a malformed secret THEN its value is not repeated', () => {
    const r = parseConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x', SLACK_BOT_TOKEN: 'xoxp-123-secret' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.variable).sort()).toEqual(['DATABASE_URL', 'SLACK_BOT_TOKEN']);
    expect(JSON.stringify(r.problems)).not.toMatch(/hunter2|xoxp-123/);
    for (const p of r.problems) expect(p.message).toContain(HOW_TO_FIX[p.variable]);
  });
});
