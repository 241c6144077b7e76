// Reads one file through the streaming byte diagnoser and prints time, size and peak RSS.
import { createReadStream } from 'node:fs';
import { createByteDiagnoser } from '../dist/core/diagnose.js';
import { loadKnowledge } from '../dist/knowledge/load.js';

const kb = loadKnowledge();
if (!kb.ok) process.exit(1);
const d = createByteDiagnoser(kb.kb);
const t = process.hrtime.bigint();
for await (const chunk of createReadStream(process.argv[2], { highWaterMark: 1 << 20 })) d.push(chunk);
const result = d.end();
const ms = Number(process.hrtime.bigint() - t) / 1e6;
const top = result.causes[0];
console.log(
  JSON.stringify({
    ms,
    bytes: result.input.bytes,
    lines: result.input.lines,
    maxRssKb: process.resourceUsage().maxRSS,
    cause: top?.id ?? 'none',
    line: top?.evidence.at(-1)?.line ?? 0,
  }),
);
