#!/usr/bin/env node
// Part of `npm run build`: validates knowledge/ and saves the compiled knowledge base
// as dist/knowledge.snapshot.json, with what a start would work out again in cold code:
// the classifier's gram choices for its needles and its anchors, the listener's markers'
// literals (src/core/remembered.ts).
// A knowledge problem fails the build, listed in full.
import { fileURLToPath } from 'node:url';
import { createByteDiagnoser } from '../dist/core/diagnose.js';
import { forgetRemembered, rememberedEntries } from '../dist/core/remembered.js';
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
// A diagnosis of a log too big to read whole builds every needle search the classifier
// has (rules, anchors, harmless notices), and its listening verdict reads the markers: the
// snapshot carries what that works out, and nothing loading the files worked out.
forgetRemembered();
const warm = createByteDiagnoser(result.kb);
const noise = Buffer.from('step 1 loss=0.5 lr=3e-4\n'.repeat(40_000));
warm.push(noise);
warm.push(Buffer.from('NCCL INFO NET/Plugin : libnccl-net.so: cannot open shared object file\n'));
warm.push(noise);
// The exit-code reader builds its search on the first line that may print a code.
warm.push(Buffer.from('Process finished with exit code -1073740791 (0xC0000409)\n'));
void warm.end().crashReport;
writeSnapshot(result.kb, out, dir, rememberedEntries());
console.log(
  `knowledge ${result.kb.version}: ${result.kb.causes.size} causes, ${result.kb.rules.length} rules -> dist/knowledge.snapshot.json`,
);
