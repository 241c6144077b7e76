// Compiles a cause file's checks and snippets: steps to their typed form, conditions with
// parsed version bounds; and refuses what would not run as written in every shell (a
// `run` line with shell syntax), unknown placeholders, and unknown exit code names.
import type { Step } from '../core/remedies/index.js';
import {
  placeholders,
  type RemedyCheck,
  type RemedyCondition,
  type RemedySnippet,
  TEMPLATE_NAMES,
  type VersionBound,
} from '../core/remedies/index.js';
import { type ProblemList, readYaml, validate } from './files.js';
import {
  type CheckInput,
  libraryFileSchema,
  type RemedyConditionInput,
  type SnippetInput,
  type StepInput,
  type UseInput,
} from './remedy-schema.js';

/** The shared snippets of knowledge/remedies/snippets.yaml, by id. */
export type SnippetLibrary = ReadonlyMap<string, RemedySnippet>;

export function loadSnippetLibrary(file: string, problems: ProblemList): SnippetLibrary {
  const out = new Map<string, RemedySnippet>();
  const data = validate(libraryFileSchema, readYaml(file, problems), file, problems);
  data?.snippets.forEach((s, i) => {
    if (out.has(s.id)) problems.add(file, `snippets[${i}].id`, `"${s.id}" is defined twice`);
    out.set(s.id, compileSnippet(s, file, `snippets[${i}]`, problems));
  });
  return out;
}

/** A cause's `use:` of a shared snippet, with its own `when`/`unless` when it gives them. */
export function useSnippet(
  u: UseInput,
  library: SnippetLibrary,
  file: string,
  field: string,
  problems: ProblemList,
): RemedySnippet | undefined {
  const base = library.get(u.use);
  if (!base) {
    problems.add(file, `${field}.use`, `no snippet "${u.use}" in knowledge/remedies/snippets.yaml`);
    return undefined;
  }
  const own = conditions(u, file, field, problems);
  if (!own.when && !own.unless) return base;
  const { when: _w, unless: _u, ...rest } = base;
  return Object.freeze({ ...rest, ...own });
}

export function compileCheck(c: CheckInput, file: string, field: string, problems: ProblemList): RemedyCheck {
  checkPlaceholders([c.text], file, field, problems);
  const steps = c.steps && compileSteps(c.steps, file, `${field}.steps`, problems);
  if (steps?.some((s) => s.kind === 'comment'))
    problems.add(file, `${field}.steps`, 'a check runs one line: put the explanation in its text');
  return Object.freeze({
    id: c.id,
    text: c.text,
    ...(steps && { steps }),
    ...conditions(c, file, field, problems),
    ...(c.source && { source: c.source }),
  });
}

export function compileSnippet(
  s: SnippetInput,
  file: string,
  field: string,
  problems: ProblemList,
): RemedySnippet {
  checkPlaceholders([s.title, s.code ?? ''], file, field, problems);
  const steps = s.steps && compileSteps(s.steps, file, `${field}.steps`, problems);
  return Object.freeze({
    id: s.id,
    framework: s.framework,
    title: s.title,
    ...(steps && { steps }),
    ...(s.code !== undefined && { code: s.code }),
    ...(s.language && { language: s.language }),
    ...(s.group && { group: s.group }),
    ...(s.keepsClean && { keepsClean: Object.freeze(s.keepsClean) }),
    ...conditions(s, file, field, problems),
    ...(s.source && { source: s.source }),
  });
}

function conditions(
  r: { when?: RemedyConditionInput | undefined; unless?: RemedyConditionInput | undefined },
  file: string,
  field: string,
  problems: ProblemList,
): { when?: RemedyCondition; unless?: RemedyCondition } {
  return {
    ...(r.when && { when: condition(r.when, file, `${field}.when`, problems) }),
    ...(r.unless && { unless: condition(r.unless, file, `${field}.unless`, problems) }),
  };
}

function condition(c: RemedyConditionInput, _file: string, _field: string, _p: ProblemList): RemedyCondition {
  const out: RemedyCondition = {
    ...(c.os && { os: Object.freeze(c.os) }),
    ...(c.shells && { shells: Object.freeze(c.shells as RemedyCondition['shells'] & string[]) }),
    ...(c.frameworks && { frameworks: Object.freeze(c.frameworks) }),
    ...(c.exit && { exit: Object.freeze(c.exit) }),
    ...(c.evidence && { evidence: Object.freeze(c.evidence as RemedyCondition['evidence'] & string[]) }),
    ...(c.anyEvidence && {
      anyEvidence: Object.freeze(c.anyEvidence as RemedyCondition['anyEvidence'] & string[]),
    }),
    ...(c.candidates && { candidates: Object.freeze(c.candidates) }),
    ...(c.known && { known: Object.freeze(c.known) }),
    ...(c.versions && {
      versions: Object.freeze(
        Object.fromEntries(Object.entries(c.versions).map(([k, b]) => [k, parseBounds(b)])),
      ),
    }),
    ...(c.computeCapability && { computeCapability: parseBounds(c.computeCapability) }),
  };
  return Object.freeze(out);
}

export function parseBounds(text: string): readonly VersionBound[] {
  return Object.freeze(
    text.split(',').map((b) => {
      const m = /^\s*(==|>=|<=|>|<)\s*(\S+)\s*$/.exec(b)!;
      return Object.freeze({ op: m[1] as VersionBound['op'], version: m[2]! });
    }),
  );
}

function compileSteps(
  steps: readonly StepInput[],
  file: string,
  field: string,
  problems: ProblemList,
): Step[] {
  return steps.map((s, i) => {
    const at = `${field}[${i}]`;
    const note = 'note' in s && s.note ? { note: s.note } : {};
    checkPlaceholders([JSON.stringify(s)], file, at, problems);
    let step: Step;
    if ('run' in s) {
      const why = portable(s.run);
      if (why) problems.add(file, `${at}.run`, why);
      step = {
        kind: 'run',
        run: s.run,
        ...(s.env && { env: Object.freeze(Object.entries(s.env)) }),
        ...(s.filter && { filter: Object.freeze(s.filter) }),
        ...note,
      };
    } else if ('set' in s) step = { kind: 'set', vars: Object.freeze(Object.entries(s.set)), ...note };
    else if ('unset' in s) step = { kind: 'unset', vars: Object.freeze(s.unset), ...note };
    else if ('show' in s) step = { kind: 'show', vars: Object.freeze(s.show), ...note };
    else if ('prepend' in s) {
      const entries = Object.entries(s.prepend);
      if (entries.length !== 1) problems.add(file, `${at}.prepend`, 'must name exactly one variable');
      const [variable, dir] = entries[0] ?? ['PATH', ''];
      step = { kind: 'prepend', variable, dir, ...note };
    } else if ('where' in s) step = { kind: 'where', names: Object.freeze(s.where), ...note };
    else if ('comment' in s) step = { kind: 'comment', text: s.comment };
    else {
      const forms = Object.fromEntries(
        (['bash', 'powershell', 'cmd'] as const).filter((k) => s[k] !== undefined).map((k) => [k, s[k]!]),
      );
      step = { kind: 'literal', forms: Object.freeze(forms), ...note };
    }
    return Object.freeze(step);
  });
}

/**
 * Why a `run` line would not run as written in bash, zsh, PowerShell and cmd alike, or
 * null. Outside double quotes only plain words; inside them no character a shell expands.
 */
export function portable(run: string): string | null {
  const line = run.replace(/\{\{[^}]*\}\}/g, 'X');
  if (line.includes('\n')) return 'a run line is one line';
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') {
      if (inQuotes && line[i - 1] === '\\') return 'a backslash before a closing quote escapes it on Windows';
      inQuotes = !inQuotes;
      continue;
    }
    if (inQuotes) {
      if ('$`%!'.includes(c)) return `"${c}" inside quotes is expanded by some shell: write a literal step`;
      continue;
    }
    if ("'$%`|&;<>(){}[]*?~!^#@,\\".includes(c))
      return `"${c}" outside double quotes means something to some shell: quote it, or write a literal step`;
  }
  if (inQuotes) return 'unbalanced double quotes';
  return null;
}

function checkPlaceholders(
  texts: readonly string[],
  file: string,
  field: string,
  problems: ProblemList,
): void {
  for (const t of texts)
    for (const name of placeholders(t))
      if (!(name in TEMPLATE_NAMES))
        problems.add(
          file,
          field,
          `unknown placeholder {{${name}}}; known: ${Object.keys(TEMPLATE_NAMES).join(', ')}`,
        );
}
