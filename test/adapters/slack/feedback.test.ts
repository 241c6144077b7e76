import { afterEach, describe, expect, it } from 'vitest';
import { blockText, headerOf, waitForPosts, waitForResponse } from './expect.js';
import { type Harness, startHarness, type Transport } from './harness.js';
import { OOM_LOG } from './logs.js';
import { button, command, mention } from './payloads.js';

/** The value the reply's buttons carry (the crash record id). */
// biome-ignore lint/suspicious/noExplicitAny: Block Kit as posted
function buttonValue(blocks: any[], actionId: string): string {
  const actions = blocks.find((b) => b.type === 'actions');
  return actions.elements.find((e: { action_id: string }) => e.action_id === actionId).value;
}

describe.each<Transport>(['http', 'socket'])('feedback buttons over %s', (transport) => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('GIVEN "Fixed it" is clicked THEN the vote is stored, thanked ephemerally and counted in the summary', async () => {
    h = await startHarness({ transport });
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    const value = buttonValue(post!.args.blocks, 'feedback-fixed');
    await h.interaction(
      button({
        actionId: 'feedback-fixed',
        value,
        messageTs: post!.result!.ts,
        responseUrl: h.fake.responseUrl(),
      }),
    );
    const thanks = await waitForResponse(h.fake, 1);
    expect(thanks.response_type).toBe('ephemeral');
    expect(headerOf(thanks.blocks)).toBe('Thanks: marked as fixed');

    await h.command(command('summary', h.fake.responseUrl()));
    const summary = await waitForResponse(h.fake, 2);
    expect(headerOf(summary.blocks)).toMatch(/^Crash summary \d{4}-W\d{2}: 1 crash, 1 distinct crash$/);
    expect(blockText(summary.blocks)).toContain('*Replies marked helpful*\n100% (1 fixed it, 0 wrong)');
  });

  it('GIVEN "Wrong cause" is clicked THEN it counts as a wrong answer', async () => {
    h = await startHarness({ transport });
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    const value = buttonValue(post!.args.blocks, 'feedback-wrong');
    await h.interaction(
      button({
        actionId: 'feedback-wrong',
        value,
        messageTs: post!.result!.ts,
        responseUrl: h.fake.responseUrl(),
      }),
    );
    expect(headerOf((await waitForResponse(h.fake, 1)).blocks)).toBe('Thanks: marked as the wrong cause');
    await h.command(command('summary', h.fake.responseUrl()));
    expect(blockText((await waitForResponse(h.fake, 2)).blocks)).toContain('0% (0 fixed it, 1 wrong)');
  });

  it('GIVEN a button whose record is gone THEN the click is answered, not dropped', async () => {
    h = await startHarness({ transport });
    await h.interaction(
      button({
        actionId: 'feedback-fixed',
        value: '99999',
        messageTs: '1.2',
        responseUrl: h.fake.responseUrl(),
      }),
    );
    expect(headerOf((await waitForResponse(h.fake)).blocks)).toBe('That reply is no longer on record');
  });
});
