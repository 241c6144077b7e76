// The alert of a failed (or recovered) run: the Reply it shows, and the decision to
// post a new one, update the earlier one, or mark it resolved. Posting never decides
// the job's fate: every failure here is reported back as a value.
import { diagnosisReply, pct } from '../../core/reply/diagnosis.js';
import type { Reply, ReplyBlock } from '../../core/reply/model.js';
import type { Diagnosis } from '../../core/types.js';
import type { AlertSink, AlertState, AlertStatePort } from './ports.js';

export interface RunFacts {
  job: string;
  /** Program and script, no arguments: `python train.py`. */
  label: string;
  host: string;
  /** Exit status as the shell sees it (128+N for a signal). */
  status: number;
  /** The signal that ended it, if one did (`SIGKILL`). */
  signal: string | null;
  durationMs: number;
  endedAt: Date;
}

/** How the command ended, in words. */
export function endedText(r: Pick<RunFacts, 'status' | 'signal'>): string {
  return r.signal
    ? `killed by ${r.signal} (exit status ${r.status})`
    : r.status === 0
      ? 'exited with status 0'
      : `exited with status ${r.status}`;
}

export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 120) return `${m} min`;
  const h = Math.floor(m / 60);
  return h < 48 ? `${h} h ${m % 60} min` : `${Math.floor(h / 24)} d ${h % 24} h`;
}

const KEEP_SNIPPETS = 2;

/** The alert for a failed run: what failed and where, then the diagnosis, cut to one message's worth. */
export function failureReply(run: RunFacts, d: Diagnosis, earlier: AlertState | null): Reply {
  const top = d.causes[0];
  const full = diagnosisReply(d);
  const failures = (earlier?.status === 'failing' ? earlier.failures : 0) + 1;
  const fields: { label: string; value: string }[] = [
    { label: 'Job', value: `\`${run.job}\`` },
    { label: 'Command', value: `\`${run.label}\`` },
    { label: 'Host', value: run.host },
    { label: 'Ended', value: `${endedText(run)} after ${duration(run.durationMs)}` },
  ];
  if (failures > 1 && earlier)
    fields.push({
      label: 'Failures',
      value: `${failures} in a row since ${earlier.firstFailedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    });
  let snippets = 0;
  const body = full.blocks.filter((b: ReplyBlock) => {
    if (b.type === 'code') return snippets++ < KEEP_SNIPPETS;
    // Commands to run and things to paste are for a person at a chat, not an alert.
    return !(
      b.type === 'list' &&
      (b.title === 'Checks' || b.title?.startsWith('To confirm') || b.title === 'What would help')
    );
  });
  return {
    kind: 'diagnosis',
    title: top
      ? `Run failed: ${top.title} (${pct(top.confidence)})`
      : `Run failed: ${endedText(run)}, no confident cause`,
    blocks: [{ type: 'fields', fields }, ...body],
    footer: `crashbot run · job ${run.job} · run \`crashbot diagnose\` on the full log for every check`,
  };
}

/** The same alert once a later run of the job succeeded. */
export function resolvedReply(run: RunFacts, earlier: AlertState): Reply {
  const since = earlier.firstFailedAt.toISOString().slice(0, 16).replace('T', ' ');
  return {
    kind: 'notice',
    title: `Resolved: job ${run.job} ran green`,
    blocks: [
      {
        type: 'text',
        text: `A run of \`${run.label}\` on ${run.host} finished with status 0 after ${duration(run.durationMs)}.`,
      },
      {
        type: 'fields',
        fields: [
          { label: 'Job', value: `\`${run.job}\`` },
          { label: 'Was failing', value: `${earlier.failures} time(s) since ${since} UTC` },
          ...(earlier.cause ? [{ label: 'Last cause', value: earlier.cause }] : []),
        ],
      },
    ],
    footer: `crashbot run · job ${run.job}`,
  };
}

export type AlertOutcome =
  | { destination: string; action: 'posted' | 'updated' | 'resolved' | 'unchanged' }
  | { destination: string; action: 'failed'; error: string };

export interface AlertDeps {
  state: AlertStatePort | null;
  sinks: readonly AlertSink[];
}

/**
 * Posts or updates the alert of a failed run at every destination. Each destination
 * stands alone: one that fails does not keep the others from their alert.
 */
export async function alertFailure(deps: AlertDeps, run: RunFacts, d: Diagnosis): Promise<AlertOutcome[]> {
  return Promise.all(
    deps.sinks.map(async (sink): Promise<AlertOutcome> => {
      try {
        const earlier = await readState(deps.state, run.job, sink.destination);
        const reply = failureReply(run, d, earlier);
        const failing = earlier?.status === 'failing';
        let ref = earlier?.ref ?? null;
        let action: 'posted' | 'updated';
        if (failing && ref && sink.canEdit) {
          await sink.update(ref, reply);
          action = 'updated';
        } else {
          ref = await sink.post(reply);
          action = 'posted';
        }
        await deps.state?.saveAlert({
          job: run.job,
          destination: sink.destination,
          ref,
          status: 'failing',
          failures: (failing ? (earlier?.failures ?? 0) : 0) + 1,
          firstFailedAt: failing && earlier ? earlier.firstFailedAt : run.endedAt,
          lastFailedAt: run.endedAt,
          resolvedAt: null,
          cause: d.causes[0]?.title ?? null,
        });
        return { destination: sink.destination, action };
      } catch (err) {
        return { destination: sink.destination, action: 'failed', error: (err as Error).message };
      }
    }),
  );
}

/** Marks each open alert of the job resolved: edited in place where the platform allows, else a short post. */
export async function alertSuccess(deps: AlertDeps, run: RunFacts): Promise<AlertOutcome[]> {
  return Promise.all(
    deps.sinks.map(async (sink): Promise<AlertOutcome> => {
      try {
        const earlier = await readState(deps.state, run.job, sink.destination);
        const unchanged: AlertOutcome = { destination: sink.destination, action: 'unchanged' };
        if (!earlier) return unchanged;
        if (earlier.status !== 'failing') return unchanged;
        const reply = resolvedReply(run, earlier);
        if (earlier.ref && sink.canEdit) await sink.update(earlier.ref, reply);
        else await sink.post(reply);
        await deps.state?.saveAlert({ ...earlier, status: 'resolved', resolvedAt: run.endedAt });
        return { destination: sink.destination, action: 'resolved' };
      } catch (err) {
        return { destination: sink.destination, action: 'failed', error: (err as Error).message };
      }
    }),
  );
}

async function readState(state: AlertStatePort | null, job: string, destination: string) {
  return state ? state.getAlert(job, destination) : null;
}
