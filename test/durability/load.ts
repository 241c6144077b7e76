// The diagnosis load of a durability cycle: crash mentions sent a few at a time to a
// running bot until `stopWhen` says so (the bot was killed, or enough were sent).
import type { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { OOM_LOG } from '../adapters/slack/logs.js';
import { acknowledged, crashMention, deliver } from './bot-process.js';

export interface LoadResult {
  /** Events the bot took (HTTP 200). */
  sent: number;
  /** The load's mention ts, in order, of the events the bot took. */
  threads: string[];
}

export interface LoadOptions {
  fake: FakeSlack;
  port: number;
  /** First load item number (unique per test, so thread ts stay unique). */
  from: number;
  count: number;
  concurrency?: number;
  channels?: readonly string[];
  /** Checked before each send: stop when it holds. */
  stopWhen?: () => boolean;
  /** Pause of each worker between sends (a steady trickle rather than a flood). */
  gapMs?: number;
  /** The crash log of item `n` (default: a short CUDA out-of-memory log). */
  logOf?: (n: number) => string;
  /** Files attached to item `n` (hosted on the fake Slack). */
  filesOf?: (n: number) => object[];
}

/** When one request of the load was sent, and when its answer came (unset while in flight). */
export interface RequestSpan {
  start: number;
  end?: number;
}

/** Starts the load; `threads` fills as the bot takes events, `spans` as requests go out. */
export function sendLoad(o: LoadOptions): Promise<LoadResult> & { threads: string[]; spans: RequestSpan[] } {
  const threads: string[] = [];
  const spans: RequestSpan[] = [];
  return Object.assign(run(o, threads, spans), { threads, spans });
}

/** Requests the bot had in hand at some moment between `from` and `to` (sent before `to`, not answered before `from`). */
export function requestsDuring(spans: readonly RequestSpan[], from: number, to: number): number {
  return spans.filter((s) => s.start < to && (s.end === undefined || s.end > from)).length;
}

async function run(o: LoadOptions, threads: string[], spans: RequestSpan[]): Promise<LoadResult> {
  const channels = o.channels ?? ['C0DUR1', 'C0DUR2', 'C0DUR3'];
  let next = o.from;
  const end = o.from + o.count;
  const worker = async () => {
    while (next < end && !o.stopWhen?.()) {
      const n = next++;
      const log = o.logOf ? o.logOf(n) : `${OOM_LOG}\n# load item ${n}\n`;
      const m = crashMention(n, channels[n % channels.length]!, log, o.filesOf?.(n));
      const span: RequestSpan = { start: Date.now() };
      spans.push(span);
      const took = await deliver(o.port, m.envelope);
      span.end = Date.now();
      if (took) threads.push(m.ts);
      else return;
      if (o.gapMs) await new Promise((r) => setTimeout(r, o.gapMs));
    }
  };
  await Promise.all(Array.from({ length: o.concurrency ?? 4 }, worker));
  return { sent: threads.length, threads };
}

/** Resolves once `count` acknowledged replies are on the fake Slack. */
export function acknowledgedAtLeast(fake: FakeSlack, count: number, timeoutMs = 20_000): Promise<number> {
  return fake.waitFor(
    () => {
      const n = acknowledged(fake).size;
      return n >= count ? n : undefined;
    },
    timeoutMs,
    `${count} acknowledged replies`,
  );
}
