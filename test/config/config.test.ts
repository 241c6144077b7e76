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
