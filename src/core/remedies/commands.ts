// Steps -> command text in one shell: bash (and zsh), PowerShell or cmd. The one place that
// knows how each shell sets and reads environment variables, finds files on PATH, filters
// output and writes comments; every reply renderer shows what this returns.
import type { Os } from '../types.js';
import type { Shell, ShellFamily, Step } from './types.js';

export interface ShellContext {
  shell: Shell;
  /** The OS the commands run on, when known: PowerShell on Linux separates paths with ':'. */
  os: Os | null;
}

/** The language label of a shell's code block. */
export function shellLanguage(shell: Shell): string {
  return shell;
}

export function shellFamily(shell: Shell): ShellFamily {
  return shell === 'zsh' ? 'bash' : shell;
}

/** Whether every step has a form in this shell. */
export function rendersIn(steps: readonly Step[], shell: Shell): boolean {
  const family = shellFamily(shell);
  return steps.every((s) => s.kind !== 'literal' || s.forms[family] !== undefined);
}

/** The steps as lines of one shell, or null when a step has no form in it. */
export function renderSteps(steps: readonly Step[], ctx: ShellContext): string | null {
  if (!rendersIn(steps, ctx.shell)) return null;
  const lines: string[] = [];
  for (const s of steps) lines.push(...renderStep(s, ctx));
  return lines.join('\n');
}

/** The steps as one line (for a check's command), or null when a step has no form in the shell. */
export function renderOneLine(steps: readonly Step[], ctx: ShellContext): string | null {
  if (!rendersIn(steps, ctx.shell)) return null;
  const joiner = shellFamily(ctx.shell) === 'cmd' ? ' & ' : '; ';
  return steps
    .filter((s) => s.kind !== 'comment')
    .map((s) => renderStep(s, ctx, false).join(joiner))
    .join(joiner);
}

function renderStep(s: Step, ctx: ShellContext, notes = true): string[] {
  const family = shellFamily(ctx.shell);
  if (s.kind === 'comment') return [comment(s.text, family)];
  const body = stepBody(s, family, ctx);
  const note = notes ? s.note : undefined;
  if (!note) return body;
  if (family === 'cmd') return [comment(note, family), ...body];
  return [...body.slice(0, -1), `${body.at(-1)}   # ${note}`];
}

function stepBody(s: Exclude<Step, { kind: 'comment' }>, family: ShellFamily, ctx: ShellContext): string[] {
  switch (s.kind) {
    case 'run': {
      const filtered = s.filter?.length ? `${s.run} | ${filter(s.filter, family)}` : s.run;
      if (!s.env?.length) return [filtered];
      if (family === 'bash')
        return [`${s.env.map(([k, v]) => `${k}=${bashValue(v)}`).join(' ')} ${filtered}`];
      if (family === 'powershell') return [`${s.env.map(([k, v]) => psSet(k, v)).join('; ')}; ${filtered}`];
      return [`${s.env.map(([k, v]) => cmdSet(k, v)).join(' && ')} && ${filtered}`];
    }
    case 'set':
      if (family === 'bash') return [`export ${s.vars.map(([k, v]) => `${k}=${bashValue(v)}`).join(' ')}`];
      if (family === 'powershell') return s.vars.map(([k, v]) => psSet(k, v));
      return s.vars.map(([k, v]) => cmdSet(k, v));
    case 'unset':
      if (family === 'bash') return [`unset ${s.vars.join(' ')}`];
      if (family === 'powershell')
        return s.vars.map((k) => `Remove-Item Env:${k} -ErrorAction SilentlyContinue`);
      return s.vars.map((k) => `set ${k}=`);
    case 'show':
      if (family === 'bash') return s.vars.map((k) => `echo "${k}=$${k}"`);
      if (family === 'powershell') return s.vars.map((k) => `echo "${k}=$env:${k}"`);
      return s.vars.map((k) => `echo ${k}=%${k}%`);
    case 'prepend': {
      const { variable: k, dir } = s;
      if (family === 'bash')
        return [
          k === 'PATH'
            ? `export PATH=${bashValue(dir)}:$PATH`
            : `export ${k}=${bashValue(dir)}\${${k}:+:$${k}}`,
        ];
      const sep = family === 'powershell' && ctx.os !== null && ctx.os !== 'windows' ? ':' : ';';
      if (family === 'powershell') return [`$env:${k} = "${dir}${sep}$env:${k}"`];
      return [`set "${k}=${dir};%${k}%"`];
    }
    case 'where': {
      const names = s.names.join(' ');
      if (family === 'cmd') return [`where ${names}`];
      if (family === 'powershell') return [`where.exe ${names}`];
      // Git Bash on Windows has where.exe; elsewhere `command -v` finds programs.
      const windows = ctx.os === 'windows' || s.names.some((n) => /\.(?:dll|exe)$/i.test(n));
      return [windows ? `where.exe ${names}` : `command -v ${names}`];
    }
    case 'literal':
      return s.forms[family]!.split('\n');
  }
}

/** A comment line; in cmd, redirection and command characters are escaped with ^ so REM stays inert. */
function comment(text: string, family: ShellFamily): string {
  return family === 'cmd' ? `REM ${text.replace(/[<>|&]/g, '^$&')}` : `# ${text}`;
}

/** Keeps the lines holding one of the words (case-insensitive). */
function filter(words: readonly string[], family: ShellFamily): string {
  if (family === 'bash') return `grep -iE '${words.join('|')}'`;
  if (family === 'powershell') return `Select-String -Pattern '${words.join('|')}'`;
  return `findstr /i "${words.join(' ')}"`;
}

const PLAIN = /^[A-Za-z0-9_./:,=+@-]*$/;

function bashValue(v: string): string {
  return PLAIN.test(v) ? v : `"${v}"`;
}

function psSet(k: string, v: string): string {
  return `$env:${k} = "${v}"`;
}

/** `set "K=V"`: the quotes keep the space before `&&` out of the value. */
function cmdSet(k: string, v: string): string {
  return `set "${k}=${v}"`;
}
