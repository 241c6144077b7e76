// Real-shaped crash logs to carry planted secrets: the fixture logs of every cause and,
// when ../shared is there, the real logs of the dev corpus. Each carrier keeps the line
// its diagnosis quotes first, since secrets that leak do so on the lines a reply quotes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagnoseText } from '../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(here, '../fixtures/logs');
export const CORPUS = join(here, '../../../shared/corpus/dev.jsonl');

export interface Carrier {
  name: string;
  lines: string[];
  /** 0-based index of a line the reply quotes. */
  quoted: number;
}

export function carriers(kb: KnowledgeBase): Carrier[] {
  const texts: { name: string; text: string }[] = [];
  for (const cause of readdirSync(FIXTURES).sort())
    for (const f of readdirSync(join(FIXTURES, cause)).sort())
      if (f.endsWith('.log'))
        texts.push({ name: `${cause}/${f}`, text: readFileSync(join(FIXTURES, cause, f), 'utf8') });
  if (existsSync(CORPUS))
    for (const line of readFileSync(CORPUS, 'utf8').split('\n').filter(Boolean)) {
      const c = JSON.parse(line) as { id: string; log: string };
      texts.push({ name: `corpus/${c.id}`, text: c.log });
    }
  const out: Carrier[] = [];
  for (const { name, text } of texts) {
    const lines = text.replace(/\r\n/g, '\n').split('\n');
    const evidence = diagnoseText(text, kb).causes[0]?.evidence ?? [];
    const quoted = evidence.at(-1)?.line;
    if (quoted !== undefined && quoted >= 1 && quoted <= lines.length)
      out.push({ name, lines, quoted: quoted - 1 });
  }
  return out;
}
