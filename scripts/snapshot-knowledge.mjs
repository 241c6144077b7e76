#!/usr/bin/env node
// Part of `npm run build`: validates knowledge/ and saves the compiled knowledge base
// as dist/knowledge.snapshot.json. A knowledge problem fails the build, listed in full.
import { fileURLToPath } from 'node:url';
import { defaultKnowledgeDir, loadKnowledge } from '../dist/knowledge/load.js';
import { writeSnapshot } from '../dist/knowledge/snapshot.js';

const dir = defaultKnowledgeDir();
const result = loadKnowledge(dir);
if (!result.ok) {
  for (const p of result.problems) console.error(`${p.file}: ${p.field}: ${p.message}`);
  console.error(`knowledge/ has ${result.problems.length} problem(s); fix them and build again`);
  process.exit(1);
}
const out = fileURLToPath(new URL('../dist/knowledge.snapshot.json', import.meta.url));
writeSnapshot(result.kb, out, dir);
console.log(
  `knowledge ${result.kb.version}: ${result.kb.causes.size} causes, ${result.kb.rules.length} rules -> dist/knowledge.snapshot.json`,
);
