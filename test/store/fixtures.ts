// Diagnoses and records for the store tests, built by hand (the classifier is not under test here).
import { fingerprint } from '../../src/core/fingerprint.js';
import type { Diagnosis, Framework } from '../../src/core/types.js';
import type { ChannelRef, MessageMeta } from '../../src/store/types.js';

export interface DiagnosisSpec {
  cause?: string;
  evidence?: string[];
  confidence?: number;
  framework?: Framework | null;
  versions?: Record<string, string>;
  exit?: { name: string; platform: 'windows' | 'posix'; unsigned: number };
}

export function makeDiagnosis(spec: DiagnosisSpec = {}): Diagnosis {
  const causes = spec.cause
    ? [
        {
          id: spec.cause,
          title: spec.cause,
          confidence: spec.confidence ?? 0.9,
          summary: '',
          evidence: (spec.evidence ?? []).map((text, i) => ({ line: i + 1, text })),
        },
      ]
    : [];
  const exitCode = spec.exit
    ? {
        input: String(spec.exit.unsigned),
        platform: spec.exit.platform,
        name: spec.exit.name,
        hex: `0x${spec.exit.unsigned.toString(16)}`,
        signed: spec.exit.unsigned | 0,
        unsigned: spec.exit.unsigned,
        meaning: '',
        mlCauses: '',
        source: 'test',
      }
    : null;
  const partial = { causes, exitCode };
  return {
    ...partial,
    noAnswer:
      causes.length > 0
        ? null
        : { reason: 'evidence-but-no-known-cause', text: 'A crash no known cause matches.' },
    signals: {
      framework: spec.framework ?? null,
      os: null,
      versions: spec.versions ?? {},
      libraries: [],
      gpus: [],
    },
    checks: [],
    snippets: [],
    fingerprint: fingerprint(partial),
    crashReport: true,
    xids: [],
    ncclHang: null,
    next: [],
    input: { bytes: 0, lines: 0, truncated: false, binary: false, invalidUtf8: 0 },
  };
}

export const channelA: ChannelRef = { platform: 'slack', workspace: 'T0001', channel: 'C0001' };
export const channelB: ChannelRef = { platform: 'discord', workspace: '9001', channel: '9002' };

export function meta(
  channel: ChannelRef,
  at: string,
  userId = 'U1',
  extra: Partial<MessageMeta> = {},
): MessageMeta {
  return { channel, userId, at: new Date(at), ...extra };
}
