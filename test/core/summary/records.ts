// Summary records and sources for the summary tests.
import type { SummaryRecord, SummarySource } from '../../../src/core/summary/types.js';

export function rec(
  at: string,
  cause: string,
  user = 'u1',
  extra: Partial<SummaryRecord> = {},
): SummaryRecord {
  return {
    at: Date.parse(at),
    fingerprint: `fp1:${cause}:${extra.signature ?? 'x'}`,
    topCause: cause,
    userHash: user,
    framework: 'pytorch',
    signature: null,
    ...extra,
  };
}

export function source(records: SummaryRecord[], extra: Partial<SummarySource> = {}): SummarySource {
  const firstSeen: Record<string, number> = {};
  for (const r of records) firstSeen[r.fingerprint] = Math.min(firstSeen[r.fingerprint] ?? r.at, r.at);
  return { records, firstSeen, feedback: { fixed: 0, wrong: 0 }, ...extra };
}
