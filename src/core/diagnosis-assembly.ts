// Builds the Diagnosis from the ranking: the decoded exit code, checks, snippets in
// the user's framework, what to paste next, the fingerprint and the listening verdict.
import { isCrashReport, isTalk } from './classify/crash-report.js';
import type { CompiledClassifier } from './classify/engine.js';
import type { ExitFound } from './classify/exit-collector.js';
import type { Quoter } from './classify/quote.js';
import type { Ranking } from './classify/rank.js';
import { hitList, type ScanResult } from './classify/scanner.js';
import { fingerprint } from './fingerprint.js';
import type { Applies, CauseDef } from './knowledge.js';
import type { RankReport } from './nccl/collect.js';
import { triageNcclHang } from './nccl/triage.js';
import type {
  Check,
  Diagnosis,
  Framework,
  InputStats,
  NoAnswer,
  Os,
  Snippet,
  SnippetFramework,
} from './types.js';
import { knowledgeDates, type VersionFacts, versionSignals } from './versions/index.js';
import type { XidSeen } from './xid/collect.js';
import { xidReports } from './xid/report.js';

const MAX_CHECKS = 6;
const MAX_SNIPPETS = 5;

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
  const exceptionsAfter = hitList(a.scan.hits.get(a.compiled.exceptionLine)).filter(
    (h) => h.line > firstTraceback,
  ).length;
  const crashReport =
    !binary &&
    isCrashReport({
      fired: a.ranking.fired,
      exits: realExits.map((e) => a.quoter.evidence(e.line, e.raw)),
      tracebacks: tracebacks.length,
      exceptionsAfterTraceback: exceptionsAfter,
    });
  const evidence =
    crashReport ||
    realExits.length > 0 ||
    tracebacks.length > 0 ||
    (a.scan.hits.get(a.compiled.exceptionLine)?.count ?? 0) > 0 ||
    a.ranking.fired.length > 0 ||
    a.xids.length > 0 ||
    a.nccl.length > 0;
  const partial: Omit<Diagnosis, 'fingerprint'> = {
    causes,
    noAnswer: causes.length > 0 ? null : noAnswer(a.input, a.blank, evidence),
    exitCode,
    signals: { framework: a.framework, os: a.os, ...versionSignals(a.facts) },
    checks: pickChecks(a.checks, defs[0], a.framework, a.os),
    snippets: pickSnippets(defs.slice(0, 2), a.framework, a.os),
    crashReport,
    xids: binary ? [] : xidReports(a.xids, kb.xid, a.quoter),
    ncclHang: binary ? null : triageNcclHang(a.nccl, a.quoter),
    next: pickNext(defs[0], causes[0]?.confidence ?? 0, a.framework, binary),
    input: a.input,
  };
  return {
    ...partial,
    fingerprint: fingerprint(partial),
    knowledge: knowledgeDates(kb.compat),
  };
}

/** Why nothing is named: nothing to read, nothing that looks like a crash, or a crash no rule knows. */
function noAnswer(input: InputStats, blank: boolean, evidence: boolean): NoAnswer {
  if (input.binary)
    return { reason: 'no-input', text: 'This does not look like a text log, so there was nothing to read.' };
  if (blank || input.bytes === 0) return { reason: 'no-input', text: 'There was nothing to read.' };
  if (!evidence)
    return {
      reason: 'no-crash-evidence',
      text: 'This text shows no error, traceback or exit code, so there is no crash here to diagnose.',
    };
  return {
    reason: 'evidence-but-no-known-cause',
    text: 'This text shows a crash, but none of the causes I know matches it with confidence.',
  };
}

function pickChecks(
  versionChecks: readonly Check[],
  top: CauseDef | undefined,
  framework: Framework | null,
  os: Os | null,
): Check[] {
  const out: Check[] = [...versionChecks];
  const ids = new Set(out.map((c) => c.id));
  // A verdict from the version tables already settles what the cause's own checks would ask.
  const settled = top && versionChecks.some((c) => c.cause === top.id && c.status !== 'todo');
  for (const c of settled ? [] : (top?.checks ?? [])) {
    if (out.length >= MAX_CHECKS) break;
    if (ids.has(c.id) || !applies(c, framework, os)) continue;
    out.push({
      id: c.id,
      status: 'todo',
      text: c.text,
      ...(c.command && { command: c.command }),
      ...(c.source && { source: c.source }),
    });
  }
  return out;
}

const FAMILY: Record<Framework, SnippetFramework> = {
  tensorflow: 'tensorflow',
  keras: 'tensorflow',
  pytorch: 'pytorch',
  transformers: 'pytorch',
  lightning: 'pytorch',
  jax: 'jax',
  other: 'any',
};

/** Whether a check or snippet fits what the log shows (an unknown framework or OS fits all). */
function applies(a: Applies, framework: Framework | null, os: Os | null): boolean {
  if (a.frameworks && framework && !a.frameworks.some((f) => FAMILY[f] === FAMILY[framework])) return false;
  if (a.os && os && !a.os.includes(os) && !(os === 'wsl' && a.os.includes('linux'))) return false;
  return true;
}

/** The top causes' snippets for the user's framework (all frameworks when it is unknown). */
function pickSnippets(defs: readonly CauseDef[], framework: Framework | null, os: Os | null): Snippet[] {
  const want = framework ? FAMILY[framework] : null;
  const out: Snippet[] = [];
  const seen = new Set<string>();
  for (const def of defs) {
    for (const s of def.snippets) {
      if (out.length >= MAX_SNIPPETS) return out;
      if (seen.has(s.id)) continue;
      if (want && want !== 'any' && s.framework !== want && s.framework !== 'shell' && s.framework !== 'any')
        continue;
      if (!applies(s, null, os)) continue;
      seen.add(s.id);
      out.push({
        id: s.id,
        framework: s.framework,
        language: s.language,
        title: s.title,
        code: s.code,
        ...(s.source && { source: s.source }),
      });
    }
  }
  return out;
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
  if (top && confidence >= 0.6) return top.next.slice(0, 2);
  const fw = framework ? FRAMEWORK_NEXT[FAMILY[framework]] : undefined;
  const out = [...GENERAL_NEXT, ...(top?.next.slice(0, 1) ?? [])];
  if (fw) out.push(fw);
  else if (!top)
    out.push('Your environment: `nvidia-smi` and `pip list` (framework, CUDA and driver versions).');
  return out;
}
