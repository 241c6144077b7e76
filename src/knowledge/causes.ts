// Loads knowledge/causes/*.yaml: validates each file, compiles its patterns, and checks
// that file name, id and the taxonomy agree.
import { basename, extname } from 'node:path';
import type { CauseDef, CompiledPattern, Condition, Rule } from '../core/knowledge.js';
import type { RemedySnippet } from '../core/remedies/index.js';
import type { CauseFile } from './cause-schema.js';
import { type ConditionInput, causeFileSchema, type RuleInput } from './cause-schema.js';
import { listYaml, type ProblemList, readYaml, validate } from './files.js';
import { compilePattern } from './patterns.js';
import { compileCheck, compileSnippet, type SnippetLibrary, useSnippet } from './remedies.js';

export interface LoadedCauses {
  causes: ReadonlyMap<string, CauseDef>;
  rules: Rule[];
}

export function loadCauses(
  dir: string,
  problems: ProblemList,
  library: SnippetLibrary = new Map(),
): LoadedCauses {
  const causes = new Map<string, CauseDef>();
  const rules: Rule[] = [];
  for (const file of listYaml(dir, problems)) {
    const data = validate(causeFileSchema, readYaml(file, problems), file, problems);
    if (!data) continue;
    const name = basename(file, extname(file));
    if (data.id !== name) problems.add(file, 'id', `is "${data.id}" but the file is named "${name}"`);
    if (causes.has(data.id)) problems.add(file, 'id', `"${data.id}" is defined twice`);
    const seenRuleIds = new Set<string>();
    data.rules.forEach((r, i) => {
      if (seenRuleIds.has(r.id)) problems.add(file, `rules[${i}].id`, `"${r.id}" is used twice in this file`);
      seenRuleIds.add(r.id);
      const rule = compileRule(r, data.id, file, `rules[${i}]`, problems);
      if (rule) rules.push(rule);
    });
    causes.set(
      data.id,
      Object.freeze({
        id: data.id,
        title: data.title,
        summary: data.summary,
        explanation: data.explanation,
        checks: Object.freeze(data.checks.map((c, i) => compileCheck(c, file, `checks[${i}]`, problems))),
        snippets: Object.freeze(snippets(data.snippets, library, file, problems)),
        next: Object.freeze(
          data.next.map((n) =>
            Object.freeze(
              typeof n === 'string' ? { text: n } : { text: n.text, frameworks: Object.freeze(n.frameworks) },
            ),
          ),
        ),
        sources: Object.freeze(data.sources),
        file: problems.rel(file),
      }),
    );
  }
  return { causes, rules };
}

/** The cause's snippets, shared ones resolved; an id used twice is a problem. */
function snippets(
  list: CauseFile['snippets'],
  library: SnippetLibrary,
  file: string,
  problems: ProblemList,
): RemedySnippet[] {
  const out: RemedySnippet[] = [];
  list.forEach((s, i) => {
    const field = `snippets[${i}]`;
    const snippet =
      'use' in s ? useSnippet(s, library, file, field, problems) : compileSnippet(s, file, field, problems);
    if (!snippet) return;
    if (out.some((o) => o.id === snippet.id)) problems.add(file, `${field}`, `snippet "${snippet.id}" twice`);
    out.push(snippet);
  });
  return out;
}

function compileRule(
  r: RuleInput,
  cause: string,
  file: string,
  field: string,
  problems: ProblemList,
): Rule | undefined {
  const sensitive = r.case === 'sensitive';
  const match =
    r.match === undefined ? undefined : pattern(r.match, sensitive, file, `${field}.match`, problems);
  const when = r.when && condition(r.when, file, `${field}.when`, problems);
  const unless = r.unless && condition(r.unless, file, `${field}.unless`, problems);
  if (r.match !== undefined && !match) return undefined;
  if ((r.when && !when) || (r.unless && !unless)) return undefined;
  const rule: Rule = {
    id: `${cause}/${r.id}`,
    cause,
    kind: r.kind,
    weight: r.weight,
    file: problems.rel(file),
    ...(match && { match }),
    ...(r.exit && { exit: Object.freeze(r.exit) }),
    ...(when && { when }),
    ...(unless && { unless }),
    ...(r.explain && { explain: r.explain }),
    ...(r.symptom && { symptom: true as const }),
  };
  return Object.freeze(rule);
}

function condition(
  c: ConditionInput,
  file: string,
  field: string,
  problems: ProblemList,
): Condition | undefined {
  let ok = true;
  const compileAll = (list: readonly string[] | undefined, name: string) => {
    if (!list) return undefined;
    const out: CompiledPattern[] = [];
    list.forEach((src, i) => {
      const p = pattern(src, false, file, `${field}.${name}[${i}]`, problems);
      if (p) out.push(p);
      else ok = false;
    });
    return Object.freeze(out);
  };
  const seen = compileAll(c.seen, 'seen');
  const anySeen = compileAll(c.anySeen, 'anySeen');
  if (!ok) return undefined;
  return Object.freeze({
    ...(c.frameworks && { frameworks: Object.freeze(c.frameworks) }),
    ...(c.os && { os: Object.freeze(c.os) }),
    ...(c.exit && { exit: Object.freeze(c.exit) }),
    ...(seen && { seen }),
    ...(anySeen && { anySeen }),
    ...(c.bare && { bare: true as const }),
  });
}

function pattern(
  src: string,
  sensitive: boolean,
  file: string,
  field: string,
  problems: ProblemList,
): CompiledPattern | undefined {
  const res = compilePattern(src, sensitive);
  if (res.ok) return res.pattern;
  problems.add(file, field, res.message);
  return undefined;
}
