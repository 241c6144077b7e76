// Which checks and snippets a reply carries: those of the ranked causes that fit the
// situation (OS, shell, framework, versions, evidence), rendered in the user's shell with
// the values the tables give, and none that contradicts one shown before it.
import type { CauseDef } from '../knowledge.js';
import type { Check, Snippet } from '../types.js';
import type { CompatTables } from '../versions/compat-types.js';
import { renderOneLine, renderSteps, shellLanguage } from './commands.js';
import { applies, FRAMEWORK_FAMILY } from './conditions.js';
import { contradiction, type ExtraBounds, type SnippetForCheck } from './consistency.js';
import type { Situation } from './situation.js';
import { fill, type TemplateValues, templateValues } from './templates.js';
import type { RemedyCheck, RemedySnippet, Shell, Step } from './types.js';

export const MAX_SNIPPETS = 7;
export const MAX_CHECKS = 6;
/** Snippets each ranked cause may add: the top cause all that fit, candidates one or two. */
const PER_CAUSE = [MAX_SNIPPETS, 2, 1, 1, 1];

/** A snippet as shown, with what the consistency check needs. */
export interface PickedSnippet extends SnippetForCheck {
  snippet: Snippet;
}

export interface RemedyContext {
  situation: Situation;
  compat: CompatTables;
}

/** The OS's own shell, for a snippet that has no form in the user's shell. */
function fallbackShell(s: Situation): Shell {
  return s.os === 'windows' ? 'powershell' : s.os === 'macos' ? 'zsh' : 'bash';
}

export function pickSnippets(defs: readonly CauseDef[], ctx: RemedyContext): Snippet[] {
  return pickSnippetsDetailed(defs, ctx).map((p) => p.snippet);
}

export function pickSnippetsDetailed(defs: readonly CauseDef[], ctx: RemedyContext): PickedSnippet[] {
  const s = ctx.situation;
  const values = templateValues(ctx.compat, s);
  const extras = extraBounds(ctx.compat);
  const out: PickedSnippet[] = [];
  const ids = new Set<string>();
  const groups = new Set<string>();
  defs.forEach((def, rank) => {
    let room = PER_CAUSE[rank] ?? 0;
    for (const r of def.snippets) {
      if (room <= 0 || out.length >= MAX_SNIPPETS) return;
      if (!fitsFramework(r, s) || !applies(r, s)) continue;
      // A remedy already shown (itself or one of its group) counts for this cause too.
      if (ids.has(r.id) || (r.group && groups.has(r.group))) {
        room--;
        continue;
      }
      const picked = render(r, s, values);
      if (!picked || contradiction(out, picked, extras)) continue;
      // The next of a group is tried when one does not apply or contradicts; one is shown at most.
      if (r.group) groups.add(r.group);
      ids.add(r.id);
      out.push(picked);
      room--;
    }
  });
  return out;
}

/** Snippets in the user's framework (all of them when it is unknown), and those for any. */
function fitsFramework(r: RemedySnippet, s: Situation): boolean {
  if (!s.framework || r.framework === 'shell' || r.framework === 'any') return true;
  const want = FRAMEWORK_FAMILY[s.framework];
  return want === 'other' || r.framework === want;
}

function render(r: RemedySnippet, s: Situation, values: TemplateValues): PickedSnippet | null {
  const title = fill(r.title, values);
  if (title === null) return null;
  let language: string;
  let code: string | null;
  if (r.steps) {
    const filled = fillSteps(r.steps, values);
    if (!filled) return null;
    let shell = s.shell;
    code = renderSteps(filled, { shell, os: s.os });
    if (code === null) {
      shell = fallbackShell(s);
      code = renderSteps(filled, { shell, os: s.os });
    }
    language = shellLanguage(shell);
  } else {
    code = fill(r.code ?? '', values);
    language = r.language ?? 'text';
  }
  if (code === null || code.trim() === '') return null;
  const snippet: Snippet = {
    id: r.id,
    framework: r.framework,
    language,
    title,
    code,
    ...(r.source && { source: r.source }),
  };
  return {
    snippet,
    id: r.id,
    language,
    code,
    os: r.when?.os ?? null,
    ...(r.keepsClean && { keepsClean: r.keepsClean }),
  };
}

/** The knowledge's step lists as JSON, made once each (the lists are frozen). */
const stepsText = new WeakMap<readonly Step[], string>();

/** The steps with every placeholder filled, or null when one has no value. */
export function fillSteps(steps: readonly Step[], values: TemplateValues): Step[] | null {
  let text = stepsText.get(steps);
  if (text === undefined) {
    text = JSON.stringify(steps);
    stepsText.set(steps, text);
  }
  const filled = fill(text, (name) => {
    const v = values(name);
    return v === null ? null : JSON.stringify(v).slice(1, -1);
  });
  return filled === null ? null : (JSON.parse(filled) as Step[]);
}

/** The checks of the top cause that fit the situation, after the version checks, each once. */
export function pickCauseChecks(
  versionChecks: readonly Check[],
  top: CauseDef | undefined,
  ctx: RemedyContext,
): Check[] {
  const s = ctx.situation;
  const values = templateValues(ctx.compat, s);
  const out: Check[] = [...versionChecks];
  const ids = new Set(out.map((c) => c.id));
  const commands = new Set(out.map((c) => c.command).filter(Boolean));
  // A verdict from the version tables already settles what the cause's own checks would ask.
  const settled = top && versionChecks.some((c) => c.cause === top.id && c.status !== 'todo');
  for (const c of settled ? [] : (top?.checks ?? [])) {
    if (out.length >= MAX_CHECKS) break;
    if (ids.has(c.id) || !applies(c, s)) continue;
    const check = renderCheck(c, s, values);
    if (!check || (check.command && commands.has(check.command))) continue;
    ids.add(c.id);
    if (check.command) commands.add(check.command);
    out.push(check);
  }
  return out;
}

function renderCheck(c: RemedyCheck, s: Situation, values: TemplateValues): Check | null {
  const text = fill(c.text, values);
  if (text === null) return null;
  let command: string | null = null;
  if (c.steps) {
    const steps = fillSteps(c.steps, values);
    if (!steps) return null;
    command = renderOneLine(steps, { shell: s.shell, os: s.os });
    command ??= renderOneLine(steps, { shell: fallbackShell(s), os: s.os });
    if (command === null) return null;
  }
  return {
    id: c.id,
    status: 'todo',
    text,
    ...(command && { command }),
    ...(c.source && { source: c.source }),
  };
}

/** tensorflow[and-cuda] exists from the version the tables name. */
export function extraBounds(compat: CompatTables): ExtraBounds {
  return (pkg, extra) =>
    pkg === 'tensorflow' && extra === 'and-cuda' ? [['>=', compat.tensorflow.andCuda.firstVersion]] : [];
}
