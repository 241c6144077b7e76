// Remedies: which checks and snippets fit a situation, in the user's shell, without
// contradicting each other.
export { renderOneLine, renderSteps, rendersIn, shellFamily, shellLanguage } from './commands.js';
export { applies, FRAMEWORK_FAMILY } from './conditions.js';
export { type Contradiction, contradiction, contradictions, type SnippetForCheck } from './consistency.js';
export { type Effects, effectsOf, type Pin, pipInstall } from './effects.js';
export { REMEDY_PATTERNS, SHELL_MARKERS, SITUATION_PATTERNS } from './markers.js';
export {
  extraBounds,
  MAX_CHECKS,
  MAX_SNIPPETS,
  type PickedSnippet,
  pickCauseChecks,
  pickSnippets,
  pickSnippetsDetailed,
  type RemedyContext,
} from './select.js';
export {
  type MarkerLines,
  pickShell,
  readSituation,
  type Situation,
  type SituationInput,
} from './situation.js';
export { fill, placeholders, TEMPLATE_NAMES, type TemplateName, templateValues } from './templates.js';
export type {
  Conditioned,
  EvidenceTag,
  RemedyCheck,
  RemedyCondition,
  RemedySnippet,
  Shell,
  ShellFamily,
  Step,
  VersionBound,
} from './types.js';
export { EVIDENCE_TAGS, SHELLS } from './types.js';
