// `crashbot start` with Mattermost configured through the environment: the composition
// root starts the Mattermost front end (and its /crash endpoint) from MATTERMOST_*, the
// inbox knows the platform, and a mention and a command are answered until it stops.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/config.js';
import { startBot } from '../../../src/main.js';
import { knowledge } from '../../helpers/conversation.js';
import { eventually } from '../slack/expect.js';
import { OOM_LOG } from '../slack/logs.js';
import { type FakeMattermost, startFakeMattermost } from './fake/index.mjs';

let fake: FakeMattermost;
let dir: string;
beforeEach(async () => {
  fake = await startFakeMattermost();
  dir = mkdtempSync(join(tmpdir(), 'crashbot-mattermost-start-'));
});
afterEach(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('crashbot start with Mattermost configured', () => {
  it('GIVEN MATTERMOST_URL, MATTERMOST_TOKEN and MATTERMOST_COMMAND_TOKEN THEN it answers mentions and /crash until stopped', async () => {
    const port = await freePort();
    const parsed = parseConfig({
      MATTERMOST_URL: `${fake.url}/`,
      MATTERMOST_TOKEN: fake.botToken,
      MATTERMOST_COMMAND_TOKEN: fake.commandToken,
      MATTERMOST_COMMAND_PORT: String(port),
      MATTERMOST_COMMAND_HOST: '127.0.0.1',
      CRASHBOT_DB_PATH: join(dir, 'c.sqlite'),
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const stop = new AbortController();
    const logs: string[] = [];
    const running = startBot({
      config: parsed.config,
      kb: knowledge(),
      stdin: Readable.from([]),
      write: () => {},
      log: (t) => logs.push(t),
      signal: stop.signal,
    });
    await eventually(() => logs.join('').includes('running on mattermost'), 10_000, 'the start-up line');
    const m = fake.post({ message: `@crashbot ${OOM_LOG}` });
    const [answer] = await fake.waitFor(() =>
      fake.threadReplies(m).length > 0 ? fake.threadReplies(m) : null,
    );
    expect(answer!.message).toMatch(/^### Likely cause: GPU out of memory/);
    const { hook, status } = await fake.slash(`http://127.0.0.1:${port}/mattermost/command`, '137');
    expect(status).toBe(200);
    expect((await fake.responseTo(hook)).body.text).toMatch(/SIGKILL/);
    stop.abort();
    await expect(running).resolves.toEqual({ ok: true });
    await eventually(() => fake.socket.connections === 0, 3000, 'the WebSocket to close');
  });
});
