// knowledge/remedies/apis.yaml: the framework APIs the remedies may call, and what is
// deprecated (calls, commands, packages, variables) with what replaces it.
import { z } from 'zod';
import { type ProblemList, readYaml, validate } from './files.js';

const text = z.string().trim().min(1);

const apiSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)+$/, 'must be a dotted API name'),
  since: text.optional(),
  source: text,
});

const deprecatedSchema = z.strictObject({
  name: text,
  kind: z.enum(['api', 'command', 'package', 'variable']).default('api'),
  use: text,
  since: text,
  /** Allowed only beside this name (an old variable some releases still read). */
  allowedWith: text.optional(),
  source: text,
});

const fileSchema = z.strictObject({
  apis: z.array(apiSchema).min(1),
  deprecated: z.array(deprecatedSchema).min(1),
});

export type ApiEntry = z.infer<typeof apiSchema>;
export type DeprecatedEntry = z.infer<typeof deprecatedSchema>;
export interface ApiTable {
  apis: ReadonlyMap<string, ApiEntry>;
  deprecated: readonly DeprecatedEntry[];
}

export function loadApiTable(file: string, problems: ProblemList): ApiTable | null {
  const data = validate(fileSchema, readYaml(file, problems), file, problems);
  if (!data) return null;
  const apis = new Map<string, ApiEntry>();
  data.apis.forEach((a, i) => {
    if (apis.has(a.name)) problems.add(file, `apis[${i}].name`, `"${a.name}" is listed twice`);
    apis.set(a.name, a);
  });
  data.deprecated.forEach((d, i) => {
    if (d.kind === 'api' && apis.has(d.name))
      problems.add(file, `deprecated[${i}].name`, `"${d.name}" is both an API to use and deprecated`);
  });
  return { apis, deprecated: data.deprecated };
}
