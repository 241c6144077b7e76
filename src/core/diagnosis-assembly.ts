// Builds the Diagnosis from the ranking: the decoded exit code, checks, the snippets
// that fit the situation (core/remedies), what to paste next, the fingerprint and the listening verdict.
import { isCrashReport, isTalk, startsLikeOutput } from './classify/crash-report.js';
import type { CompiledClassifier } from './classify/engine.js';
import type { ExitFound } from './classify/exit-collector.js';
import type { Quoter } from './classify/quote.js';
import type { Ranking } from './classify/rank.js';
import { hitList, type ScanResult } from './classify/scanner.js';
import { quotedFingerprint } from './fingerprint.js';
import type { CauseDef } from './knowledge.js';
import { readLayout } from './listen/layout.js';
import { findMarkers } from './listen/markers.js';
import type { RankReport } from './nccl/collect.js';
import { triageNcclHang } from './nccl/triage.js';
import {
  FRAMEWORK_FAMILY,
  type MarkerLines,
  pickCauseChecks,
  pickSnippets,
  readSituation,
  type Situation,
} from './remedies/index.js';
import type {
  Check,
  Diagnosis,
  Evidence,
  Framework,
  InputStats,
  NoAnswer,
  Os,
  Shell,
  SnippetFramework,
} from './types.js';
import { knowledgeDates, type VersionFacts, versionSignals } from './versions/index.js';
import { gpuModel } from './versions/lookup.js';
import type { XidSeen } from './xid/collect.js';
import { xidReports } from './xid/report.js';

export interface AssemblyInput {
  compiled: CompiledClassifier;
  scan: ScanResult;
  ranking: Ranking;
  exits: readonly ExitFound[];
  xids: readonly XidSeen[];
  nccl: readonly RankReport[];
  facts: VersionFacts;
  checks: readonly Check[];
  framework: Framework | null;
  os: Os | null;
  input: InputStats;
  quoter: Quoter;
  /** The input held nothing but whitespace. */
  blank: boolean;
  /** The text's first characters, where listening looks for crash markers. */
  head: string;
  /** The shell to write commands for, when the user chose one. */
  shell?: Shell;
}

export function assembleDiagnosis(a: AssemblyInput): Diagnosis {
  const { kb } = a.compiled;
  const binary = a.input.binary;
  const causes = binary ? [] : a.ranking.causes;
  const defs = causes.map((c) => kb.causes.get(c.id)).filter((d): d is CauseDef => d !== undefined);
  const realExits = a.exits.filter((e) => !isTalk(a.quoter.text(e.raw)));
  const exitCode = realExits.at(-1)?.code ?? null;
  const tracebacks = hitList(a.scan.hits.get(a.compiled.traceback));
  const firstTraceback = tracebacks[0]?.line ?? Number.POSITIVE_INFINITY;
  const exceptionHits = hitList(a.scan.hits.get(a.compiled.exceptionLine));
  const exceptionsAfter = exceptionHits.filter((h) => h.line > firstTraceback).length;
  // Listening's verdict reads the message's layout, the costliest part of a short paste's
  // diagnosis; it is worked out when first asked for (listening, the JSON, a crash with
  // no known cause), not for a mention's or the terminal's reply.
  let report: boolean | undefined;
  const crashReport = (): boolean => {
    if (report === undefined) {
      const layout = a.head ? readLayout(headLines(a.head), startsLikeOutput) : undefined;
      report =
        !binary &&
        isCrashReport({
          fired: a.ranking.fired,
          exits: realExits.map((e) => a.quoter.evidence(e.line, e.raw)),
          tracebacks: tracebacks.length,
          exceptionsAfterTraceback: exceptionsAfter,
          ...markerEvidence(a.head, a.quoter),
          // Quoted only where they count alone: under a bug report's template, announced as a
          // paste, or in a message that is nothing but a paste.
          exceptions:
            layout?.template || layout?.pasteOnly || (layout?.ownPastes.size ?? 0) > 0
              ? exceptionHits.map((h) => a.quoter.evidence(h.line, h.raw))
              : [],
          layout,
        });
    }
    return report;
  };
  const evidence = () =>
    realExits.length > 0 ||
    tracebacks.length > 0 ||
    (a.scan.hits.get(a.compiled.exceptionLine)?.count ?? 0) > 0 ||
    a.ranking.fired.length > 0 ||
    a.xids.length > 0 ||
    a.nccl.length > 0 ||
    crashReport();
  const signals = { framework: a.framework, os: a.os, ...versionSignals(a.facts) };
  const situation = situationOf(
    a,
    causes.map((c) => c.id),
    signals.versions,
  );
  const remedies = { situation, compat: kb.compat };
  const diagnosis: Diagnosis = {
    causes,
    noAnswer: causes.length > 0 ? null : noAnswer(a.input, a.blank, evidence),
    exitCode,
    signals: { ...signals, shell: situation.shell },
    checks: pickCauseChecks(a.checks, defs[0], remedies),
    snippets: pickSnippets(defs, remedies),
    get crashReport() {
      return crashReport();
    },
    xids: binary ? [] : xidReports(a.xids, kb.xid, a.quoter),
    ncclHang: binary ? null : triageNcclHang(a.nccl, a.quoter),
    next: pickNext(defs[0], causes[0]?.confidence ?? 0, a.framework, binary),
    input: a.input,
    fingerprint: quotedFingerprint({ causes, exitCode }),
    knowledge: knowledgeDates(kb.compat),
  };
  return diagnosis;
}

/** Why nothing is named: nothing to read, nothing that looks like a crash, or a crash no rule knows. */
function noAnswer(input: InputStats, blank: boolean, evidence: () => boolean): NoAnswer {
  if (input.binary)
    return { reason: 'no-input', text: 'This does not look like a text log, so there was nothing to read.' };
  if (blank || input.bytes === 0) return { reason: 'no-input', text: 'There was nothing to read.' };
  if (!evidence())
    return {
      reason: 'no-crash-evidence',
      text: 'This text shows no error, traceback or exit code, so there is no crash here to diagnose.',
    };
  return {
    reason: 'evidence-but-no-known-cause',
    text: 'This text shows a crash, but none of the causes I know matches it with confidence.',
  };
}

/** What the remedies are picked for: the ranked causes, versions, shell and evidence. */
function situationOf(
  a: AssemblyInput,
  causes: readonly string[],
  versions: Record<string, string>,
): Situation {
  const lines: MarkerLines = (p) => {
    const i = a.compiled.indexOf.get(p);
    const h = i === undefined ? undefined : a.scan.hits.get(i);
    return { count: h?.count ?? 0, raws: hitList(h).map((x) => x.raw) };
  };
  const { compat } = a.compiled.kb;
  // A GPU named without its compute capability ("Tesla T4" in nvidia-smi's table) gets the GPU table's.
  const gpus = versionSignals(a.facts).gpus.map((g) => {
    const cc = g.computeCapability ?? gpuModel(compat, g.name)?.row.computeCapability;
    return cc ? { name: g.name, computeCapability: cc } : g;
  });
  return readSituation({
    lines,
    os: a.os,
    framework: a.framework,
    versions,
    gpus,
    exits: a.exits.map((e) => e.code.name),
    causes,
    bareExit: a.ranking.bareExit,
    ...(a.shell && { shell: a.shell }),
  });
}

const GENERAL_NEXT = [
  'Paste the whole output of the command you ran, down to its last line: the first error is often the cause, and the last line says how the process ended.',
];
const FRAMEWORK_NEXT: Partial<Record<SnippetFramework, string>> = {
  pytorch: 'The output of `python -m torch.utils.collect_env` (PyTorch, CUDA and driver versions).',
  tensorflow:
    'The output of `python -c "import tensorflow as tf; print(tf.__version__, tf.sysconfig.get_build_info())"` and `nvidia-smi`.',
  jax: 'The output of `python -c "import jax; jax.print_environment_info()"`.',
};

function pickNext(
  top: CauseDef | undefined,
  confidence: number,
  framework: Framework | null,
  binary: boolean,
): string[] {
  if (binary)
    return [
      'This looks like a binary file, not a text log: paste the log text, or attach it as a .txt or .log file.',
    ];
  const own = top ? nextFor(top, framework) : [];
  if (top && confidence >= 0.6) return own.slice(0, 2);
  const fw = framework ? FRAMEWORK_NEXT[FRAMEWORK_FAMILY[framework] as SnippetFramework] : undefined;
  const out = [...GENERAL_NEXT, ...own.slice(0, 1)];
  if (fw) out.push(fw);
  else if (!top)
    out.push('Your environment: `nvidia-smi` and `pip list` (framework, CUDA and driver versions).');
  return out;
}

/** A cause's next items for the log's framework (family): its own, those for any framework, and `other` when none is known or another. */
function nextFor(def: CauseDef, framework: Framework | null): string[] {
  const family = framework ? FRAMEWORK_FAMILY[framework] : 'other';
  return def.next
    .filter((n) => !n.frameworks || n.frameworks.some((f) => FRAMEWORK_FAMILY[f] === family))
    .map((n) => n.text);
}

/** Lines a message holds no more of for its markers: a chat message is short, a long log has its rules. */
const MARKER_LINES = 400;

/** The text's first lines, without their carriage returns. */
function headLines(head: string): string[] {
  return head.split('\n', MARKER_LINES).map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** The crash marker lines in the text's start, quoted (and so redacted) as evidence. */
function markerEvidence(head: string, quoter: Quoter): { markers: Evidence[]; toldMarkers: Evidence[] } {
  const markers: Evidence[] = [];
  const toldMarkers: Evidence[] = [];
  if (!head) return { markers, toldMarkers };
  const lines = headLines(head);
  for (const m of findMarkers(lines))
    (m.told ? toldMarkers : markers).push(quoter.evidence(m.line, lines[m.line - 1]!));
  return { markers, toldMarkers };
}
