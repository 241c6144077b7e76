// Loads knowledge/harmless.yaml: log lines that look alarming but are not crashes
// (TF's cpu_feature_guard notice, the cudart dlerror note on CPU-only machines, ...).
import { z } from 'zod';
import type { HarmlessPattern } from '../core/knowledge.js';
import { type ProblemList, readYaml, validate } from './files.js';
import { compilePattern } from './patterns.js';

const schema = z.strictObject({
  harmless: z.array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      match: z.string().min(1),
      why: z.string().trim().min(1),
      source: z.string().trim().min(1).optional(),
    }),
  ),
});

export function loadHarmless(file: string, problems: ProblemList): HarmlessPattern[] {
  const data = validate(schema, readYaml(file, problems), file, problems);
  if (!data) return [];
  const out: HarmlessPattern[] = [];
  data.harmless.forEach((h, i) => {
    const res = compilePattern(h.match);
    if (!res.ok) problems.add(file, `harmless[${i}].match`, res.message);
    else out.push(Object.freeze({ id: h.id, pattern: res.pattern, why: h.why }));
  });
  return out;
}
