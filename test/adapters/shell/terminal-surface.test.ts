// The terminal chat on the real pipeline: it answers every message and posts no weekly
// summary, so `/crash listen` and `/crash summary on` are not confirmed there (nothing
// would act on them), while `/crash summary` on demand and exit codes still answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TERMINAL_PLACE, terminalHandlers } from '../../../src/adapters/shell/terminal-surface.js';
import { openStore } from '../../../src/store/open.js';
import type { CrashStore } from '../../../src/store/types.js';
import { testConversation } from '../../helpers/conversation.js';

let store: CrashStore | undefined;
let dir = '';
afterEach(async () => {
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function chat() {
  dir = mkdtempSync(join(tmpdir(), 'crashbot-terminal-'));
  const opened = await openStore({
    store: { kind: 'sqlite', path: join(dir, 'db.sqlite') },
    userSalt: 's',
  });
  if (!opened.ok) throw opened.error;
  store = opened.store;
  const { conversation } = testConversation({ store, maxLogBytes: 64 * 1024, logs: [] });
  return terminalHandlers(conversation);
}

describe('GIVEN the terminal chat', () => {
  it.each(['/crash listen on', '/crash listen off', '/crash summary on monday 09:00'])(
    'GIVEN %s THEN it says there is nothing to change here, and changes nothing',
    async (line) => {
      const c = await chat();
      expect((await c.command(line)).title).toBe('Nothing to change here');
      expect(await store!.getSettings(TERMINAL_PLACE)).toMatchObject({ listening: false, summary: false });
    },
  );

  it('GIVEN /crash summary or /crash 137 THEN they answer as everywhere', async () => {
    const c = await chat();
    expect((await c.command('/crash summary')).kind).toBe('summary');
    expect((await c.command('/crash 137')).title).toMatch(/SIGKILL/);
  });
});
