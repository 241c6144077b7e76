// Shared by the version tests: the real compat tables, and a paste run through the same
// normalisation the classifier applies before handing lines to the collector.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeLine } from '../../../src/core/text/normalize.js';
import type { Check, Framework, Os } from '../../../src/core/types.js';
import type { CompatTables } from '../../../src/core/versions/compat-types.js';
import {
  createVersionCollector,
  runVersionChecks,
  type VersionFacts,
} from '../../../src/core/versions/index.js';
import { loadCompat } from '../../../src/knowledge/compat.js';
import { ProblemList } from '../../../src/knowledge/files.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const COMPAT_DIR = join(ROOT, 'knowledge', 'compat');

export function loadRealCompat(): CompatTables {
  const problems = new ProblemList(ROOT);
  const tables = loadCompat(COMPAT_DIR, problems);
  if (problems.items.length) throw new Error(JSON.stringify(problems.items, null, 2));
  return tables;
}

/**
 * Feeds a paste line by line; `keep` decides which normalised pieces reach the collector (it
 * is told whether the collector asked for the line, as the classifier's prefilter is).
 */
export function collect(
  text: string,
  keep: (piece: string, asked: boolean) => boolean = () => true,
): VersionFacts {
  const c = createVersionCollector();
  text.split(/\r?\n/).forEach((raw, n) => {
    const asked = c.wantsNext();
    for (const piece of normalizeLine(raw)) if (keep(piece, asked)) c.line(piece, n + 1);
  });
  return c.result();
}

export interface Ctx {
  framework?: Framework | null;
  os?: Os | null;
  causes?: readonly string[];
}

export function checksFor(
  text: string,
  compat: CompatTables,
  ctx: Ctx = {},
): { facts: VersionFacts; checks: Check[] } {
  const facts = collect(text);
  const checks = runVersionChecks(facts, compat, {
    framework: ctx.framework ?? null,
    os: ctx.os ?? null,
    causeIds: ctx.causes ?? [],
  });
  return { facts, checks };
}
