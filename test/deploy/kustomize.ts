// The part of kustomize that deploy/k8s uses, to render its overlays where no kubectl is
// installed: resources (files and directories), common labels (pairs), JSON 6902 patches
// with a kind/name target, and `$patch: delete` of a whole resource. Anything else in a
// kustomization fails loudly rather than rendering something kustomize would not.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

export type Doc = Record<string, unknown> & {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
};

interface Kustomization {
  resources?: string[];
  labels?: { pairs: Record<string, string> }[];
  patches?: { patch: string; target?: { kind?: string; name?: string } }[];
  [key: string]: unknown;
}

const KNOWN = new Set(['apiVersion', 'kind', 'resources', 'labels', 'patches']);

export function readYamlDocs(path: string): Doc[] {
  return parseAllDocuments(readFileSync(path, 'utf8')).map((d) => {
    if (d.errors.length) throw new Error(`${path}: ${d.errors[0]?.message}`);
    return d.toJS() as Doc;
  });
}

export function render(dir: string): Doc[] {
  const k = parseYaml(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  for (const key of Object.keys(k)) if (!KNOWN.has(key)) throw new Error(`${dir}: unsupported field ${key}`);
  let docs: Doc[] = [];
  for (const r of k.resources ?? []) {
    const path = join(dir, r);
    docs.push(...(statSync(path).isDirectory() ? render(path) : readYamlDocs(path)));
  }
  for (const p of k.patches ?? []) {
    const patch = parseYaml(p.patch) as unknown;
    if (Array.isArray(patch)) {
      const targets = docs.filter(
        (d) =>
          (!p.target?.kind || d.kind === p.target.kind) &&
          (!p.target?.name || d.metadata.name === p.target.name),
      );
      if (targets.length === 0) throw new Error(`${dir}: a patch matches nothing`);
      for (const t of targets) for (const op of patch) applyOp(t, op as Op);
    } else {
      const d = patch as Doc & { $patch?: string };
      if (d.$patch !== 'delete') throw new Error(`${dir}: only $patch: delete is supported`);
      const before = docs.length;
      docs = docs.filter((x) => !(x.kind === d.kind && x.metadata.name === d.metadata.name));
      if (docs.length === before) throw new Error(`${dir}: deletes nothing`);
    }
  }
  for (const l of k.labels ?? [])
    for (const d of docs) d.metadata.labels = { ...d.metadata.labels, ...l.pairs };
  return docs;
}

interface Op {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

function applyOp(doc: Doc, op: Op): void {
  const parts = op.path.split('/').slice(1);
  const last = parts.pop()!;
  let at: unknown = doc;
  for (const p of parts) {
    at = (at as Record<string, unknown>)[p];
    if (at === undefined) throw new Error(`no ${op.path}`);
  }
  if (Array.isArray(at)) {
    if (op.op === 'add') {
      if (last === '-') at.push(op.value);
      else at.splice(Number(last), 0, op.value);
    } else if (!(Number(last) < at.length)) throw new Error(`no ${op.path}`);
    else if (op.op === 'replace') at[Number(last)] = op.value;
    else at.splice(Number(last), 1);
    return;
  }
  const obj = at as Record<string, unknown>;
  if (op.op !== 'add' && !(last in obj)) throw new Error(`no ${op.path}`);
  if (op.op === 'remove') delete obj[last];
  else obj[last] = op.value;
}
