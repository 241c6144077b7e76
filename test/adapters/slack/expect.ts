// Reading what the bot sent to the fake Slack: posts in a thread, their header and text.
import type { ApiCall, FakeSlack } from './fake/fake-slack.mjs';

/** Every text in a message's blocks, joined: what a reader of the message sees. */
// biome-ignore lint/suspicious/noExplicitAny: Block Kit as posted
export function blockText(blocks: any[] | undefined): string {
  const out: string[] = [];
  for (const b of blocks ?? []) {
    if (b.text?.text) out.push(b.text.text);
    for (const f of b.fields ?? []) out.push(f.text);
    for (const e of b.elements ?? []) out.push(typeof e.text === 'string' ? e.text : (e.text?.text ?? ''));
  }
  return out.join('\n');
}

// biome-ignore lint/suspicious/noExplicitAny: Block Kit as posted
export function headerOf(blocks: any[] | undefined): string | undefined {
  return blocks?.find((b) => b.type === 'header')?.text.text;
}

/** chat.postMessage calls that Slack accepted, optionally only those in one thread. */
export function posts(fake: FakeSlack, threadTs?: string): ApiCall[] {
  return fake
    .callsTo('chat.postMessage')
    .filter((c) => c.result?.ok && (threadTs === undefined || c.args.thread_ts === threadTs));
}

/** Waits for `count` accepted posts in the thread of `threadTs`. */
export function waitForPosts(
  fake: FakeSlack,
  threadTs: string,
  count = 1,
  timeoutMs = 5000,
): Promise<ApiCall[]> {
  return fake.waitFor(
    () => {
      const found = posts(fake, threadTs);
      return found.length >= count ? found : undefined;
    },
    timeoutMs,
    `${count} post(s) in thread ${threadTs}`,
  );
}

/** Waits for the `n`th response_url post (1-based). */
// biome-ignore lint/suspicious/noExplicitAny: response payloads as posted
export function waitForResponse(fake: FakeSlack, n = 1): Promise<any> {
  return fake.waitFor(() => fake.responses[n - 1]?.body, 5000, `response_url post #${n}`);
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds (for state the fake does not announce, such as the app's log). */
export async function eventually(
  check: () => boolean,
  timeoutMs = 5000,
  what = 'a condition',
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await pause(20);
  }
}
