import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.js';

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
