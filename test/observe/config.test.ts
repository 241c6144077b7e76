import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config.js';

describe('health and metrics settings', () => {
  it('GIVEN CRASHBOT_METRICS_PORT unset or empty THEN metrics are off', () => {
    for (const env of [{}, { CRASHBOT_METRICS_PORT: '' }, { CRASHBOT_METRICS_PORT: '  ' }]) {
      const r = parseConfig(env);
      expect(r.ok && r.config.metrics).toBeUndefined();
    }
  });

  it('GIVEN a port THEN metrics are on, on 127.0.0.1 unless CRASHBOT_METRICS_HOST says otherwise', () => {
    const local = parseConfig({ CRASHBOT_METRICS_PORT: '9464' });
    expect(local.ok && local.config.metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    const all = parseConfig({ CRASHBOT_METRICS_PORT: '0', CRASHBOT_METRICS_HOST: '0.0.0.0' });
    expect(all.ok && all.config.metrics).toEqual({ port: 0, host: '0.0.0.0' });
  });

  it.each([['abc'], ['70000'], ['-1'], ['1.5'], ['9464x']])(
    'GIVEN CRASHBOT_METRICS_PORT=%s THEN a problem names the variable and how to fix it',
    (value) => {
      const r = parseConfig({ CRASHBOT_METRICS_PORT: value });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.problems.map((p) => p.variable)).toEqual(['CRASHBOT_METRICS_PORT']);
      expect(r.problems[0]?.message).toMatch(/unset it to turn health and metrics off/);
    },
  );

  it('GIVEN a host with a space or a URL THEN a problem names CRASHBOT_METRICS_HOST', () => {
    for (const host of ['bad host', 'http://0.0.0.0']) {
      const r = parseConfig({ CRASHBOT_METRICS_PORT: '9464', CRASHBOT_METRICS_HOST: host });
      expect(!r.ok && r.problems.map((p) => p.variable)).toEqual(['CRASHBOT_METRICS_HOST']);
    }
  });

  it("GIVEN the metrics port equal to Slack HTTP mode's PORT THEN a problem; GIVEN Socket Mode THEN none", () => {
    const slackHttp = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's', PORT: '3000' };
    const clash = parseConfig({ ...slackHttp, CRASHBOT_METRICS_PORT: '3000' });
    expect(!clash.ok && clash.problems.map((p) => p.variable)).toEqual(['CRASHBOT_METRICS_PORT']);
    const socket = parseConfig({
      SLACK_BOT_TOKEN: 'xoxb-1',
      SLACK_APP_TOKEN: 'xapp-1',
      CRASHBOT_METRICS_PORT: '3000',
    });
    expect(socket.ok).toBe(true);
  });
});
