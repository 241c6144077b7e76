// Loads knowledge/xid.yaml -> the Xid catalogue, and one generated rule per cause that
// rows name, so that an Xid line supports its cause in ranking exactly as the catalogue
// says (an application Xid such as 13 or 31 is not blamed on the hardware).
import { z } from 'zod';
import type { Rule } from '../core/knowledge.js';
import type { XidCatalog, XidPoints, XidRow } from '../core/xid/catalog.js';
import { type ProblemList, readYaml, validate } from './files.js';
import { compilePattern } from './patterns.js';

const text = z.string().trim().min(1);
const points = z.enum(['application', 'driver', 'hardware', 'gpu', 'follow-on']);
const action = z.enum([
  'restart-app',
  'reset-gpu',
  'reboot-node',
  'follow-other',
  'none',
  'check-hardware',
  'update-software',
  'restart-vm',
  'contact-support',
]);

const rowSchema = z.strictObject({
  xid: z.int().min(1).max(10_000),
  mnemonic: z.string().regex(/^[A-Z0-9_]+$/, 'upper-case letters, digits and _'),
  meaning: text,
  points,
  immediate: text,
  investigatory: text,
  cause: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .optional(),
  note: text.optional(),
});

const fileSchema = z.strictObject({
  source: text,
  ruleWeights: z.partialRecord(points, z.number().gt(0).max(1)),
  guidance: z.record(z.string().regex(/^[A-Z0-9_]+$/), z.strictObject({ action, text })),
  xids: z.array(rowSchema).min(1),
});

const EXPLAIN: Record<XidPoints, string> = {
  application:
    "The NVIDIA driver logged an Xid that NVIDIA's Xid catalog attributes to the application (a kernel's out-of-bounds access or memory fault), not to the GPU.",
  driver:
    "The NVIDIA driver logged an Xid that NVIDIA's Xid catalog attributes to the driver's firmware on the GPU (GSP): the GPU must be reset, or the node power-cycled.",
  hardware:
    "The NVIDIA driver logged an Xid that NVIDIA's Xid catalog attributes to the hardware (GPU memory, NVLink or the PCIe link); the Xid section says what NVIDIA advises.",
  gpu: "The NVIDIA driver logged an Xid that NVIDIA's Xid catalog answers with a GPU reset: the GPU or its driver stopped responding.",
  'follow-on': 'The NVIDIA driver logged an Xid that follows another error.',
};

export interface LoadedXid {
  catalog: XidCatalog;
  rules: Rule[];
}

const EMPTY: LoadedXid = { catalog: { source: '', rows: [], guidance: {} }, rules: [] };

/** `causes` are the known cause ids: a row naming another is a problem. */
export function loadXid(file: string, causes: ReadonlySet<string>, problems: ProblemList): LoadedXid {
  const data = validate(fileSchema, readYaml(file, problems), file, problems);
  if (!data) return EMPTY;
  const seen = new Set<number>();
  const rows: XidRow[] = [];
  data.xids.forEach((r, i) => {
    if (seen.has(r.xid)) problems.add(file, `xids[${i}].xid`, `Xid ${r.xid} is listed twice`);
    seen.add(r.xid);
    if (!data.guidance[r.immediate])
      problems.add(file, `xids[${i}].immediate`, `"${r.immediate}" has no entry under guidance`);
    if (r.cause && !causes.has(r.cause))
      problems.add(file, `xids[${i}].cause`, `"${r.cause}" is not a cause in knowledge/causes`);
    const { cause, note, ...rest } = r;
    rows.push(Object.freeze({ ...rest, ...(cause && { cause }), ...(note && { note }) }));
  });
  const catalog: XidCatalog = Object.freeze({
    source: data.source,
    rows: Object.freeze(rows),
    guidance: Object.freeze(data.guidance),
  });
  return { catalog, rules: xidRules(rows, data.ruleWeights, file, problems) };
}

/** One rule per (cause, points): the Xid numbers of those rows, in the driver's and the device plugin's lines. */
function xidRules(
  rows: readonly XidRow[],
  weights: Partial<Record<XidPoints, number>>,
  file: string,
  problems: ProblemList,
): Rule[] {
  const groups = new Map<string, XidRow[]>();
  for (const r of rows) {
    if (!r.cause) continue;
    const key = `${r.cause} ${r.points}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const rules: Rule[] = [];
  for (const [key, group] of groups) {
    const [cause, pts] = key.split(' ') as [string, XidPoints];
    const numbers = group.map((r) => r.xid).join('|');
    const source = `NVRM: Xid \\([^()\\n]*\\): (?:${numbers})\\b|XidCriticalError: Xid=(?:${numbers})\\b`;
    const compiled = compilePattern(source, true);
    if (!compiled.ok) {
      problems.add(file, `rules for ${cause}`, compiled.message);
      continue;
    }
    rules.push(
      Object.freeze({
        id: `${cause}/xid-${pts}`,
        cause,
        kind: 'error',
        weight: weights[pts] ?? 0.7,
        match: compiled.pattern,
        file: problems.rel(file),
        explain: EXPLAIN[pts],
      }),
    );
  }
  return rules;
}
