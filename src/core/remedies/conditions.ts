// Whether a remedy applies to a Situation: its `when` holds and its `unless` does not.
import { FRAMEWORK_FAMILY } from '../frameworks.js';
import { compareTo } from '../versions/version-util.js';
import type { Situation } from './situation.js';
import type { Conditioned, RemedyCondition, VersionBound } from './types.js';

export { FRAMEWORK_FAMILY };

export function applies(r: Conditioned, s: Situation): boolean {
  if (r.when && !holds(r.when, s, 'when')) return false;
  if (r.unless && holds(r.unless, s, 'unless')) return false;
  return true;
}

/**
 * Whether every field of the condition holds. An unknown OS or framework fits any list in
 * `when` (the remedy may still apply) and none in `unless`; so do unknown versions.
 */
function holds(c: RemedyCondition, s: Situation, mode: 'when' | 'unless'): boolean {
  const unknown = mode === 'when';
  if (c.os && !(s.os === null ? unknown : c.os.includes(s.os) || (s.os === 'wsl' && c.os.includes('linux'))))
    return false;
  if (c.shells && !c.shells.includes(s.shell)) return false;
  if (
    c.frameworks &&
    !(s.framework === null
      ? unknown
      : c.frameworks.some((f) => FRAMEWORK_FAMILY[f] === FRAMEWORK_FAMILY[s.framework!]))
  )
    return false;
  if (c.exit && !c.exit.some((e) => s.exits.includes(e))) return false;
  if (c.evidence && !c.evidence.every((t) => s.evidence.has(t))) return false;
  if (c.anyEvidence && !c.anyEvidence.some((t) => s.evidence.has(t))) return false;
  if (c.candidates && !c.candidates.some((id) => s.causes.includes(id))) return false;
  if (c.known && !c.known.every((k) => s.versions[k] !== undefined)) return false;
  if (c.versions) {
    for (const [key, bounds] of Object.entries(c.versions)) {
      const v = s.versions[key];
      if (v === undefined) return false;
      if (!bounds.every((b) => within(v, b))) return false;
    }
  }
  if (c.computeCapability) {
    if (s.computeCapability === null) return false;
    if (!c.computeCapability.every((b) => within(s.computeCapability!, b))) return false;
  }
  return true;
}

export function within(v: string, b: VersionBound): boolean {
  const d = compareTo(v, b.version);
  switch (b.op) {
    case '<':
      return d < 0;
    case '<=':
      return d <= 0;
    case '>':
      return d > 0;
    case '>=':
      return d >= 0;
    case '==':
      return d === 0;
  }
}
