// knowledge/ -> a compiled, frozen KnowledgeBase, or every problem with its file and field.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KnowledgeBase, KnowledgeProblem } from '../core/knowledge.js';
import { loadCauses } from './causes.js';
import { loadCompat } from './compat.js';
import { loadExitCodes } from './exit-codes.js';
import { ProblemList } from './files.js';
import { loadHarmless } from './harmless.js';

export type LoadResult = { ok: true; kb: KnowledgeBase } | { ok: false; problems: KnowledgeProblem[] };

/** knowledge/ beside src/ (or dist/) in this package. */
export function defaultKnowledgeDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'knowledge');
}

export function loadKnowledge(dir: string = defaultKnowledgeDir()): LoadResult {
  const problems = new ProblemList(dir);
  const files: string[] = [];
  const { causes, rules } = loadCauses(join(dir, 'causes'), problems, files);
  const harmless = loadHarmless(join(dir, 'harmless.yaml'), problems, files);
  const exitCodes = loadExitCodes(join(dir, 'exit-codes'), problems);
  const compat = loadCompat(join(dir, 'compat'), problems);
  if (problems.items.length) return { ok: false, problems: problems.items };
  const kb: KnowledgeBase = Object.freeze({
    causes,
    rules: Object.freeze(rules),
    harmless: Object.freeze(harmless),
    exitCodes,
    compat,
    version: hashFiles(files),
  });
  return { ok: true, kb };
}

function hashFiles(files: readonly string[]): string {
  const h = createHash('sha256');
  for (const f of [...files].sort()) {
    try {
      h.update(readFileSync(f));
    } catch {
      // Already reported by the loader that read it.
    }
  }
  return h.digest('hex').slice(0, 12);
}
