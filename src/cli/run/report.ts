// What `crashbot run` does once its command has ended: diagnose a failure from the
// kept output and the exit status, print it, write the Markdown report, and post or
// update the alert (or resolve it after a green run). Nothing here may change the
// command's exit status: every failure is one line on stderr.

import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import {
  type AlertOutcome,
  alertFailure,
  alertSuccess,
  endedText,
  type RunFacts,
} from '../../app/run/alert.js';
import type { AlertSink, AlertStatePort } from '../../app/run/ports.js';
import { type OutputWindow, outputLine } from '../../app/run/window.js';
import { diagnoseText } from '../../core/diagnose.js';
import { diagnosisReply } from '../../core/reply/diagnosis.js';
import { renderMarkdown } from '../../core/reply/render-markdown.js';
import { renderText } from '../../core/reply/render-text.js';
import type { Diagnosis } from '../../core/types.js';
import type { CommandContext, ProcessHost } from '../command.js';
import type { ChildResult } from './child.js';
import { type DestinationOptions, openSinks } from './destinations.js';

export interface RunReport {
  command: readonly string[];
  label: string;
  job: string;
  runId: string | null;
  result: ChildResult;
  window: OutputWindow;
  options: DestinationOptions & {
    markdown: string | undefined;
    store: boolean;
    quiet: boolean;
    timeoutMs: number;
  };
}

export async function reportRun(ctx: CommandContext, r: RunReport): Promise<void> {
  const host = ctx.host as ProcessHost;
  const failed = r.result.status !== 0;
  const facts: RunFacts = {
    job: r.job,
    label: r.label,
    host: host.hostname,
    status: r.result.status,
    signal: r.result.signal,
    durationMs: r.result.endedAt - r.result.startedAt,
    endedAt: new Date(r.result.endedAt),
  };
  let diagnosis: Diagnosis | null = null;
  if (failed) {
    const kb = await ctx.knowledge();
    if (!kb.ok) {
      ctx.err('crashbot run: the knowledge base has problems; run `crashbot knowledge check`\n');
      return;
    }
    diagnosis = diagnoseRun(r.window, facts, kb.kb);
    const reply = diagnosisReply(diagnosis);
    if (!r.options.quiet) ctx.err(`\n── crashbot run: ${endedText(facts)}\n${renderText(reply)}`);
    if (r.options.markdown) writeMarkdown(ctx, r.options.markdown, renderMarkdown(reply));
  }
  const deadline = AbortSignal.timeout(r.options.timeoutMs);
  try {
    await bounded(deadline, () => notify(ctx, r, facts, diagnosis));
  } catch (err) {
    ctx.err(`crashbot run: ${(err as Error).message}\n`);
  }
}

/** Diagnoses what was kept, with the exit status as its last line, and points evidence at the real output. */
export function diagnoseRun(
  window: OutputWindow,
  facts: RunFacts,
  kb: Parameters<typeof diagnoseText>[1],
): Diagnosis {
  const kept = window.finish();
  // The exit status is evidence: a bare `Killed` after SIGKILL reads as the OOM killer's.
  const trailer = `crashbot run: the command ${facts.signal ? 'was ' : ''}${endedText(facts)}\n`;
  const d = diagnoseText(kept.text + trailer, kb);
  return remapLines(d, (line) => outputLine(kept, line)) as Diagnosis;
}

function remapLines(value: unknown, map: (line: number) => number): unknown {
  if (Array.isArray(value)) return value.map((v) => remapLines(v, map));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = k === 'line' && typeof v === 'number' ? map(v) : remapLines(v, map);
    return out;
  }
  return value;
}

async function notify(
  ctx: CommandContext,
  r: RunReport,
  facts: RunFacts,
  d: Diagnosis | null,
): Promise<void> {
  const wanted = r.options.post ? await openSinks(ctx, r.options) : { sinks: [], problems: [] };
  for (const p of wanted.problems) ctx.err(`crashbot run: ${p}\n`);
  // With nowhere to post, a store is used only when one is configured: a training job's folder
  // must not grow a database nobody asked for.
  const configured = Boolean(ctx.env.DATABASE_URL || ctx.env.CRASHBOT_DB_PATH);
  const useStore = r.options.store && (wanted.sinks.length > 0 || configured);
  if (!useStore && wanted.sinks.length === 0) return;
  const store = useStore ? await openRunStore(ctx) : null;
  try {
    if (d && store && r.runId) {
      // All ranks of one launch share its run id: the first process to claim it posts.
      const first = await store.claimRun(r.job, r.runId, randomUUID(), facts.endedAt).catch(() => true);
      if (!first) return;
    }
    const deps = { state: store, sinks: wanted.sinks };
    const outcomes = d ? await alertFailure(deps, facts, d) : await alertSuccess(deps, facts);
    for (const o of outcomes) report(ctx, o);
    if (d && store) await record(ctx, store, wanted.sinks, facts, d);
  } finally {
    await store?.close();
  }
}

function report(ctx: CommandContext, o: AlertOutcome): void {
  if (o.action === 'failed') ctx.err(`crashbot run: could not post to ${o.destination}: ${o.error}\n`);
}

type RunStore = AlertStatePort & {
  recordDiagnosis: import('../../app/ports.js').CrashStore['recordDiagnosis'];
  close(): Promise<void>;
};

async function openRunStore(ctx: CommandContext): Promise<RunStore | null> {
  const [{ parseRunConfig }, { openStore }] = await Promise.all([
    import('../../config/config.js'),
    import('../../store/open.js'),
  ]);
  const config = parseRunConfig(ctx.env);
  if (!config.ok) return null;
  const opened = await openStore({
    store: config.config.store,
    userSalt: config.config.userSalt,
  });
  if (!opened.ok) {
    ctx.err(`crashbot run: alerts are not remembered: ${opened.error.message}\n`);
    return null;
  }
  return opened.store;
}

/** The crash counts like any other: in the channels it was posted to, or under the job when posted nowhere. */
async function record(
  ctx: CommandContext,
  store: RunStore,
  sinks: readonly AlertSink[],
  facts: RunFacts,
  d: Diagnosis,
) {
  const host = ctx.host as ProcessHost;
  const channels = sinks.flatMap((s) => (s.channel ? [s.channel] : []));
  const unique = [...new Map(channels.map((c) => [`${c.platform}/${c.workspace}/${c.channel}`, c])).values()];
  if (unique.length === 0) unique.push({ platform: 'run', workspace: host.hostname, channel: facts.job });
  for (const channel of unique) {
    await store
      .recordDiagnosis(d, { channel, userId: host.user, at: facts.endedAt })
      .catch((err: Error) => ctx.err(`crashbot run: the crash was not recorded: ${err.message}\n`));
  }
}

function writeMarkdown(ctx: CommandContext, file: string, text: string): void {
  try {
    appendFileSync(file, `${text}\n`);
  } catch (err) {
    ctx.err(`crashbot run: cannot write ${file}: ${(err as Error).message}\n`);
  }
}

function bounded<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('posting took too long; gave up (raise --timeout)'));
    signal.addEventListener('abort', onAbort, { once: true });
    fn().then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
