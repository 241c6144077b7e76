// knowledge/ -> a compiled, frozen KnowledgeBase, or every problem with its file and field.
import { join } from 'node:path';
import type { KnowledgeBase, KnowledgeProblem } from '../core/knowledge.js';
import { loadCauses } from './causes.js';
import { loadCompat } from './compat.js';
import { loadExitCodes } from './exit-codes.js';
import { ProblemList } from './files.js';
import { loadHarmless } from './harmless.js';
import { defaultKnowledgeDir } from './paths.js';
import { loadSnippetLibrary } from './remedies.js';
import { knowledgeVersion } from './version.js';
import { loadXid } from './xid.js';

export { defaultKnowledgeDir };

export type LoadResult = { ok: true; kb: KnowledgeBase } | { ok: false; problems: KnowledgeProblem[] };

export function loadKnowledge(dir: string = defaultKnowledgeDir()): LoadResult {
  const problems = new ProblemList(dir);
  const library = loadSnippetLibrary(join(dir, 'remedies', 'snippets.yaml'), problems);
  const { causes, rules } = loadCauses(join(dir, 'causes'), problems, library);
  const harmless = loadHarmless(join(dir, 'harmless.yaml'), problems);
  const exitCodes = loadExitCodes(join(dir, 'exit-codes'), problems);
  const compat = loadCompat(join(dir, 'compat'), problems);
  const xid = loadXid(join(dir, 'xid.yaml'), new Set(causes.keys()), problems);
  if (problems.items.length) return { ok: false, problems: problems.items };
  const kb: KnowledgeBase = Object.freeze({
    causes,
    rules: Object.freeze([...rules, ...xid.rules]),
    harmless: Object.freeze(harmless),
    exitCodes,
    compat,
    xid: xid.catalog,
    version: knowledgeVersion(dir),
  });
  return { ok: true, kb };
}
