// LOG_LEVEL reaches Bolt: at debug its own lines (which can quote request bodies) are
// written, redacted like every other line; at info they are not.
import { afterEach, describe, expect, it } from 'vitest';
import { entries } from '../../helpers/log-lines.js';
import { waitForPosts } from './expect.js';
import { type Harness, startHarness } from './harness.js';
import { OOM_LOG } from './logs.js';
import { mention } from './payloads.js';

const TOKEN = 'hf_abcdefghijklmnopqrstuvwxyzABCDEFGH';

describe('Slack log level', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it.each([
    ['debug', true],
    ['info', false],
  ] as const)(
    'GIVEN LOG_LEVEL=%s THEN Bolt debug lines written: %s, never the pasted token',
    async (level, shown) => {
      h = await startHarness({ transport: 'http', options: { logLevel: level } });
      const ev = mention({ text: `HF_TOKEN=${TOKEN}\n${OOM_LOG}` });
      await h.event(ev);
      await waitForPosts(h.fake, ev.ts);
      const debug = entries(h.logs).filter((e) => e.level === 'debug');
      expect(debug.length > 0).toBe(shown);
      expect(h.logs.join('')).not.toContain(TOKEN);
    },
  );
});
