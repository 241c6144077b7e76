// Readiness: the store answers and every chat front end is connected. Each probe is
// bounded by a timeout, so /readyz answers even when the store hangs.
import type { ChannelRef } from '../app/ports.js';

/** null when the part is ready; otherwise why it is not. */
export type Probe = () => Promise<string | null> | string | null;

export interface Readiness {
  ready: boolean;
  /** One line per part that is not ready, e.g. `store: connection refused`. */
  reasons: string[];
}

/** Runs every probe at once; a probe that throws or takes longer than `timeoutMs` is not ready. */
export async function checkReadiness(
  probes: Readonly<Record<string, Probe>>,
  timeoutMs: number,
): Promise<Readiness> {
  const results = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => {
      const reason = await withTimeout(probe, timeoutMs);
      return reason === null ? null : `${name}: ${reason}`;
    }),
  );
  const reasons = results.filter((r): r is string => r !== null);
  return { ready: reasons.length === 0, reasons };
}

async function withTimeout(probe: Probe, timeoutMs: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(probe), late]);
  } catch (err) {
    return (err as Error).message || 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** A channel no platform uses: reading its settings is a read-only round trip to the store. */
const PROBE_CHANNEL: ChannelRef = { platform: 'healthcheck', workspace: '-', channel: '-' };

/** The store answers a read. */
export function storeProbe(store: { getSettings(c: ChannelRef): Promise<unknown> }): Probe {
  return async () => {
    await store.getSettings(PROBE_CHANNEL);
    return null;
  };
}

/** Something that may report whether it is connected; without `ready` it counts as ready once started. */
export interface ReadyReporter {
  readonly platform: string;
  ready?(): boolean;
}

/** The chat front ends: not ready while starting, or when one says it is disconnected. */
export function frontEndsProbe(current: () => readonly ReadyReporter[] | 'starting'): Probe {
  return () => {
    const frontEnds = current();
    if (frontEnds === 'starting') return 'chat front ends are starting';
    const down = frontEnds.filter((f) => f.ready && !f.ready()).map((f) => f.platform);
    return down.length ? `not connected: ${down.join(', ')}` : null;
  };
}
