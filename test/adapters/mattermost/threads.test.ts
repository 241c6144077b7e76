// Follow-ups in the bot's thread on Mattermost (root_id), through the real
// @mattermost/client against the fake server, in a channel that does not listen: a
// version line or collect_env output in the thread rewrites the answer in place; talk
// in the thread, mentioned or not, changes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUILD_VERDICT,
  COLLECT_ENV,
  DRIVER_TOO_OLD,
  NO_KERNEL,
  UNKNOWN_BUILD,
} from '../../helpers/thread-logs.js';
import { pause } from '../slack/expect.js';
import { CUDNN_LOG } from '../slack/logs.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
afterEach(async () => h?.close());

const botRepliesTo = (rootId: string) => h.fake.botPosts().filter((p) => p.root_id === rootId);

/** Waits until a mention elsewhere is answered: everything posted before it has been handled. */
async function settled(): Promise<void> {
  await h.answers(h.fake.post({ message: `@crashbot ${CUDNN_LOG}`, user: 'ben' }));
  await pause(100);
}

describe('GIVEN the bot answered a log in its thread (Mattermost)', () => {
  it('WHEN a bare version line follows without a mention THEN the answer is rewritten with the verdict', async () => {
    h = await startHarness();
    const first = h.fake.post({ message: `@crashbot ${DRIVER_TOO_OLD}` });
    const [answer] = await h.answers(first);
    expect(answer!.message).toContain(UNKNOWN_BUILD);
    h.fake.post({ message: '2.14.0+cu130', rootId: first.id });
    await h.fake.waitFor(() => answer!.message.includes(BUILD_VERDICT));
    expect(answer!.message).not.toContain(UNKNOWN_BUILD);
    await settled();
    expect(botRepliesTo(first.id)).toHaveLength(1);
  });

  it('WHEN collect_env output follows with a mention THEN the answer gets the failed check, and no second answer', async () => {
    h = await startHarness();
    const first = h.fake.post({ message: `@crashbot ${NO_KERNEL}` });
    const [answer] = await h.answers(first);
    expect(answer!.message).not.toContain('RTX 5090');
    h.fake.post({ message: `@crashbot ${COLLECT_ENV}`, rootId: first.id });
    await h.fake.waitFor(() => /NVIDIA GeForce RTX 5090 .*torch 2\.1\.0\+cu118/.test(answer!.message));
    await settled();
    expect(botRepliesTo(first.id)).toHaveLength(1);
  });

  it('WHEN people talk in the thread, with and without a mention THEN the answer stays as it was and nothing is posted', async () => {
    h = await startHarness();
    const first = h.fake.post({ message: `@crashbot ${DRIVER_TOO_OLD}` });
    const [answer] = await h.answers(first);
    const before = answer!.message;
    h.fake.post({ message: 'we might OOM with batch 64, should we try 32?', rootId: first.id });
    h.fake.post({ message: '@crashbot thanks, updating the driver now', rootId: first.id, user: 'ben' });
    await settled();
    expect(answer!.message).toBe(before);
    expect(botRepliesTo(first.id)).toHaveLength(1);
    expect(h.fake.calls.filter((c) => c.method === 'PUT' && c.path.includes('/patch'))).toHaveLength(0);
  });
});
