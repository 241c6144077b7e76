// Version checks: read every version a log or environment dump shows, compare them with
// the compatibility tables, and say what does not match, with the source.
//
//   const c = createVersionCollector();      // then c.line(text, lineNo) per line
//   const facts = c.result();
//   versionSignals(facts)                    // -> Diagnosis.signals.{versions, libraries, gpus}
//   runVersionChecks(facts, kb.compat, ctx)  // -> Check[]
//   isEnvironmentDump(facts)                 // answer with renderEnvReport(facts, checks)
//   torchWheelIndex(compat, { driver })      // what to install now (current.ts), for remedy snippets

export type { CheckContext } from './checks/input.js';
export { runVersionChecks } from './checks/run.js';
export {
  createExtractors,
  createVersionCollector,
  VERSION_NEEDLES,
  type VersionCollector,
} from './collector.js';
export type { CompatTables } from './compat-types.js';
export { EMPTY_COMPAT } from './compat-types.js';
export {
  type Component,
  currentTorchRelease,
  type Frontier,
  frontierText,
  isBeyond,
  type JaxExtraChoice,
  type JaxExtraQuery,
  jaxExtra,
  newestRelease,
  torchWheelIndex,
  type WheelChoice,
  type WheelQuery,
} from './current.js';
export {
  type Flag,
  type FlagKey,
  type GpuSighting,
  type LibrarySighting,
  type Sighting,
  VERSION_KEYS,
  type VersionEntry,
  type VersionFacts,
  type VersionKey,
} from './facts.js';
export { VERSION_LABELS } from './labels.js';
export { renderEnvReport } from './report.js';
export { isEnvironmentDump, versionSignals } from './signals.js';
export { knowledgeDates, knowledgeLine, type TableAge, tableAges } from './staleness.js';
