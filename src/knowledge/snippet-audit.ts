// Checks every remedy against the tables and the API list, so a snippet cannot go stale
// while its table moves on: install lines come from the tables (no literal wheel index, JAX
// extra or framework pin), the index and extra they render to exist in the current tables,
// the versions they name exist, every framework API they call is listed, and nothing they
// call, run, install or set is deprecated.
import type { CauseDef } from '../core/knowledge.js';
import {
  effectsOf,
  pipInstall,
  type RemedySnippet,
  renderOneLine,
  renderSteps,
  SHELLS,
  type Situation,
  type Step,
  templateValues,
} from '../core/remedies/index.js';
import { fillSteps } from '../core/remedies/select.js';
import { fill } from '../core/remedies/templates.js';
import type { CompatTables } from '../core/versions/compat-types.js';
import { currentTorchRelease } from '../core/versions/current.js';
import { majorMinor } from '../core/versions/version-util.js';
import type { ApiTable } from './apis.js';

export interface AuditProblem {
  where: string;
  problem: string;
}

/** The remedies to audit: every cause's snippets, checks and "next" texts, and the shared snippets. */
export interface AuditInput {
  causes: Iterable<CauseDef>;
  library: Iterable<RemedySnippet>;
  compat: CompatTables;
  apis: ApiTable;
  /** Other commands replies show (the version checks' own), audited as they are. */
  texts?: readonly { where: string; text: string }[];
}

/** Situations the placeholders are filled for: nothing known, Windows, an old driver, a JAX plugin, an older GPU. */
const SITUATIONS: readonly Partial<Situation>[] = [
  {},
  { os: 'windows' },
  { versions: { driver: '550.54.15' } },
  { versions: { driver: '535.104.05', jax_cuda12_plugin: '0.4.30' } },
  { versions: { jax_cuda13_plugin: '0.7.1' } },
  { computeCapability: '7.0' },
  { os: 'windows', versions: { tensorflow: '2.10.0' } },
];

function situation(s: Partial<Situation>): Situation {
  return {
    os: 'linux',
    shell: 'bash',
    shellSeen: false,
    framework: null,
    versions: {},
    computeCapability: null,
    exits: [],
    causes: [],
    evidence: new Set(),
    ...s,
  };
}

export function auditRemedies(input: AuditInput): AuditProblem[] {
  const problems: AuditProblem[] = [];
  const add = (where: string, problem: string) => problems.push({ where, problem });
  const rendered = (where: string, text: string) => auditRendered(where, text, input, add);
  for (const s of input.library) auditSnippet(`remedies/snippets.yaml ${s.id}`, s, input, add, rendered);
  for (const c of input.causes) {
    for (const s of c.snippets) auditSnippet(`${c.file} snippet ${s.id}`, s, input, add, rendered);
    for (const check of c.checks) {
      const where = `${c.file} check ${check.id}`;
      auditRaw(where, `${check.text}\n${JSON.stringify(check.steps ?? [])}`, input, add);
      forEachFill(check.text, check.steps, input.compat, (text, steps) => {
        rendered(where, text);
        for (const shell of SHELLS) {
          const line = steps && renderOneLine(steps, { shell, os: null });
          if (line) rendered(`${where} (${shell})`, line);
        }
      });
    }
    c.next.forEach((n, i) => {
      auditRaw(`${c.file} next[${i}]`, n.text, input, add);
      rendered(`${c.file} next[${i}]`, n.text);
    });
  }
  for (const t of input.texts ?? []) {
    auditRaw(t.where, t.text, input, add);
    rendered(t.where, t.text);
  }
  return problems;
}

function auditSnippet(
  where: string,
  s: RemedySnippet,
  input: AuditInput,
  add: (where: string, problem: string) => void,
  rendered: (where: string, text: string) => void,
): void {
  auditRaw(where, `${s.title}\n${s.code ?? ''}\n${JSON.stringify(s.steps ?? [])}`, input, add);
  forEachFill(`${s.title}\n${s.code ?? ''}`, s.steps, input.compat, (text, steps) => {
    rendered(where, text);
    for (const shell of SHELLS) {
      const code = steps && renderSteps(steps, { shell, os: null });
      if (code) rendered(`${where} (${shell})`, code);
    }
  });
}

/** Calls `fn` with the text and steps filled for each situation whose values fill them all. */
function forEachFill(
  text: string,
  steps: readonly Step[] | undefined,
  compat: CompatTables,
  fn: (text: string, steps: Step[] | undefined) => void,
): void {
  const seen = new Set<string>();
  for (const s of SITUATIONS) {
    const values = templateValues(compat, situation(s));
    const t = fill(text, values);
    const st = steps ? fillSteps(steps, values) : undefined;
    if (t === null || st === null) continue;
    const key = `${t}\n${JSON.stringify(st)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fn(t, st);
  }
}

const INDEX = /https:\/\/download\.pytorch\.org\/whl\/([a-z0-9.]+)/g;
const JAX_EXTRA = /\bjax\[([a-z0-9_-]+)\]/g;
const FRAMEWORK_PIN = /\b(tensorflow|torch|jax|jaxlib)(?:\[[^\]]*\])?\s*(?:==|>=|<=|<|>|~=)\s*\d/;
const VERSION_CLAIM = /\b(TF|TensorFlow|torch|PyTorch|JAX)\s*(?:>=|<=|<|>|==)?\s*(\d+\.\d+)\b/g;

/** What the knowledge text itself must not hold: literals the tables should give. */
function auditRaw(
  where: string,
  text: string,
  input: AuditInput,
  add: (where: string, problem: string) => void,
): void {
  for (const line of text.split(/\n|\\n/)) {
    const command = line.replace(/(^|\s)(#|REM\s).*$/, '');
    if (/download\.pytorch\.org\/whl\/cu\d/.test(command))
      add(where, `a literal wheel index in "${line.trim()}": write {{torch.index}}`);
    if (/\bjax\[cuda\d/.test(command))
      add(where, `a literal JAX extra in "${line.trim()}": write {{jax.extra}}`);
    if (/pip3? install/.test(command) && FRAMEWORK_PIN.test(command))
      add(where, `a literal framework pin in "${line.trim()}": take the bound from the tables`);
  }
  for (const m of text.replace(/\{\{[^}]*\}\}/g, '').matchAll(VERSION_CLAIM)) {
    const [, name, version] = m as unknown as [string, string, string];
    if (!knownRelease(input.compat, name, version))
      add(where, `names ${name} ${version}, which the tables do not list`);
  }
}

function knownRelease(c: CompatTables, name: string, version: string): boolean {
  const n = name.toLowerCase();
  if (n === 'tf' || n === 'tensorflow') return c.tensorflow.builds.some((b) => majorMinor(b.tf) === version);
  if (n === 'torch' || n === 'pytorch')
    return c.pytorch.releases.some((r) => r.torch.some((t) => majorMinor(t) === version));
  return c.jax.releases.some((r) => majorMinor(r.version) === version);
}

/** What a rendered snippet must hold true: its index, extras, APIs and nothing deprecated. */
function auditRendered(
  where: string,
  text: string,
  input: AuditInput,
  add: (where: string, problem: string) => void,
): void {
  const release = currentTorchRelease(input.compat);
  const variants = new Set(
    (release?.builds?.map((b) => b.cuda) ?? release?.cudaWheels ?? []).map((c) => `cu${c.replace('.', '')}`),
  );
  for (const m of text.matchAll(INDEX))
    if (!variants.has(m[1]!))
      add(where, `wheel index ${m[1]} is not a CUDA variant of torch ${release?.label ?? '(none)'}`);
  const extras = new Set(
    input.compat.jax.cudaPlugins.flatMap((p) => [p.extra, p.localExtra].filter(Boolean)),
  );
  for (const m of text.matchAll(JAX_EXTRA))
    if (!extras.has(`jax[${m[1]}]`))
      add(where, `jax[${m[1]}] is not an extra of a JAX CUDA plugin in the tables`);
  for (const name of apiNames(text)) {
    const known = [...input.apis.apis.keys()].some((a) => a === name || a.startsWith(`${name}.`));
    if (!known) add(where, `calls ${name}, which knowledge/remedies/apis.yaml does not list`);
  }
  if (/python3?\s+-c\s+"[^"]*memory_summary/.test(text))
    add(
      where,
      'torch.cuda.memory_summary() in a fresh python -c prints an empty summary: call it in the process',
    );
  if (/pip3? install[^\n]*tensorflow<\d/.test(text) && !/Python \d+\.\d+/.test(text))
    add(where, 'an old TensorFlow pin must say which Python it needs');
  deprecated(where, text, input, add);
}

function deprecated(
  where: string,
  text: string,
  input: AuditInput,
  add: (where: string, problem: string) => void,
): void {
  const language = /^\s*(?:\$env:|Remove-Item|Get-|Select-)/m.test(text) ? 'powershell' : 'bash';
  const effects = effectsOf(language, text);
  const lines = text.split('\n');
  for (const d of input.apis.deprecated) {
    const escaped = d.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const word = new RegExp(`(^|[^\\w.-])${escaped}(?![\\w-])`);
    let used = false;
    if (d.kind === 'api') used = word.test(text);
    else if (d.kind === 'command')
      used = lines.some((l) =>
        new RegExp(`(^|[;&|]\\s*)${escaped}\\b`).test(l.replace(/(^|\s)(#|REM\s).*$/, '').trim()),
      );
    else if (d.kind === 'package')
      used = lines.some((l) =>
        (pipInstall(l.trim()) ?? []).some(
          (p) => `${p.name}${p.extras.length ? `[${p.extras.join(',')}]` : ''}` === d.name,
        ),
      );
    else
      used =
        (effects.sets.has(d.name) || effects.prepends.has(d.name)) &&
        !(d.allowedWith && (effects.sets.has(d.allowedWith) || text.includes(d.allowedWith)));
    if (used) add(where, `${d.name} is deprecated (${d.since}): use ${d.use}`);
  }
}

const ROOTS =
  /(?<![\w./-])(torch|torchvision|tf|jax|huggingface_hub|xformers|mixed_precision|nn)(\.[A-Za-z_]\w*)+/g;
const ALIAS: Record<string, string> = { mixed_precision: 'tf.keras.mixed_precision', nn: 'torch.nn' };

/** The framework APIs a text calls or names: dotted names and `from X import Y`. */
export function apiNames(text: string): string[] {
  const out = new Set<string>();
  const clean = text.replace(/\{\{[^}]*\}\}/g, '').replace(/https?:\/\/\S+/g, '');
  for (const m of clean.matchAll(/from\s+((?:torch|tensorflow|jax)[\w.]*)\s+import\s+([\w, ]+)/g)) {
    const module = m[1]!.replace(/^tensorflow\b/, 'tf');
    for (const name of m[2]!.split(',').map((x) => x.trim()))
      if (name && !(module === 'tf.keras' && name === 'mixed_precision')) out.add(`${module}.${name}`);
  }
  for (const m of clean.replace(/from\s+\S+\s+import\s+[\w, ]+/g, '').matchAll(ROOTS)) {
    const [root, ...rest] = m[0].split('.');
    out.add([ALIAS[root!] ?? root, ...rest].join('.'));
  }
  return [...out];
}
