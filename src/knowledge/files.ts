// Shared pieces of the knowledge loader: reading YAML files, turning zod issues into
// problems with file and field, and compiling patterns.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import type { KnowledgeProblem } from '../core/knowledge.js';

export class ProblemList {
  readonly items: KnowledgeProblem[] = [];
  constructor(readonly root: string) {}

  add(file: string, field: string, message: string): void {
    this.items.push({ file: this.rel(file), field, message });
  }

  rel(file: string): string {
    return relative(this.root, file) || file;
  }
}

/** The YAML files of a folder, sorted; a missing folder is a problem, not a throw. */
export function listYaml(dir: string, problems: ProblemList): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
      .sort()
      .map((f) => join(dir, f));
  } catch (err) {
    problems.add(dir, '(folder)', `cannot read folder: ${(err as Error).message}`);
    return [];
  }
}

/** Returned by readYaml when the file could not be read or parsed (already reported). */
export const UNREADABLE: unique symbol = Symbol('unreadable');

export function readYaml(file: string, problems: ProblemList): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    problems.add(file, '(file)', `cannot read: ${(err as Error).message}`);
    return UNREADABLE;
  }
  try {
    return parse(text, { prettyErrors: true, uniqueKeys: true });
  } catch (err) {
    problems.add(file, '(yaml)', (err as Error).message.split('\n')[0] ?? 'invalid YAML');
    return UNREADABLE;
  }
}

/** Validates `data` with `schema`; on failure records every issue with its field path. */
export function validate<S extends z.ZodType>(
  schema: S,
  data: unknown,
  file: string,
  problems: ProblemList,
): z.infer<S> | undefined {
  if (data === UNREADABLE) return undefined;
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    problems.add(file, fieldPath(issue.path), issue.message);
  }
  return undefined;
}

export function fieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}
