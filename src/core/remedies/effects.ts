// What a snippet, as shown, does to the user's environment: the variables it sets, unsets
// or puts a folder first on, and the packages it installs with their version bounds and
// wheel index. Read back from the rendered text of any shell (and os.environ in Python),
// so the consistency check sees exactly what the user would run.

export interface Pin {
  /** Normalised package name: lower case, `_` as `-`. */
  name: string;
  extras: readonly string[];
  /** Version bounds as written: [">=", "2.14"], ["<", "2.11"]. */
  bounds: readonly (readonly [string, string])[];
  /** The --index-url of the pip command, when it has one. */
  index: string | null;
}

export interface Effects {
  /** Variable -> value set (for the session or for one command). */
  sets: ReadonlyMap<string, string>;
  unsets: ReadonlySet<string>;
  /** Variable -> the folders put first on it, in the order they end up (first = first on the path). */
  prepends: ReadonlyMap<string, readonly string[]>;
  pins: readonly Pin[];
}

/** Effects by shell and text: the same snippets are checked on every diagnosis. */
const known = new Map<string, Effects>();
const KNOWN_MAX = 1024;

export function effectsOf(language: string, code: string): Effects {
  const key = `${language}\0${code}`;
  let e = known.get(key);
  if (!e) {
    e = readEffects(language, code);
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(key, e);
  }
  return e;
}

function readEffects(language: string, code: string): Effects {
  const sets = new Map<string, string>();
  const unsets = new Set<string>();
  const prepends = new Map<string, string[]>();
  const pins: Pin[] = [];
  const prepend = (k: string, dir: string) => prepends.set(k, [dir, ...(prepends.get(k) ?? [])]);
  const assign = (k: string, raw: string, self: RegExp): void => {
    const v = unquote(raw);
    const m = self.exec(v);
    if (v === '') unsets.add(k);
    else if (m) prepend(k, v.slice(0, m.index).replace(/[:;]$/, ''));
    else sets.set(k, v);
  };
  for (const line of commandLines(language, code)) {
    if (language === 'python') {
      for (const m of line.matchAll(/os\.environ\[\s*["']([A-Za-z_]\w*)["']\s*\]\s*=\s*["']([^"']*)["']/g))
        sets.set(m[1]!, m[2]!);
      continue;
    }
    for (const part of splitCommands(line)) {
      const cmd = part.trim();
      if (!cmd) continue;
      if (language === 'powershell') {
        const ps = /^\$env:([A-Za-z_]\w*)\s*=\s*(.*)$/.exec(cmd);
        if (ps) assign(ps[1]!, ps[2]!, new RegExp(`\\$env:${ps[1]}\\b`));
        const rm = /^Remove-Item\s+Env:([A-Za-z_]\w*)/i.exec(cmd);
        if (rm) unsets.add(rm[1]!);
      } else if (language === 'cmd') {
        const set = /^set\s+"?([A-Za-z_]\w*)=([^"]*)"?$/i.exec(cmd);
        if (set) assign(set[1]!, set[2]!, new RegExp(`%${set[1]}%`, 'i'));
      } else {
        bashCommand(cmd, assign, unsets);
      }
      const pip = pipInstall(cmd);
      if (pip) pins.push(...pip);
    }
  }
  return { sets, unsets, prepends, pins };
}

const SHELLS = new Set(['bash', 'zsh', 'sh', 'powershell', 'cmd']);

/** The lines of a snippet that run something: comments and blank lines dropped. */
function commandLines(language: string, code: string): string[] {
  const out: string[] = [];
  for (const raw of code.split('\n')) {
    let line = raw.trim();
    if (!line) continue;
    if (language === 'cmd') {
      if (/^(?:REM\b|::)/i.test(line)) continue;
    } else if (language === 'python' || SHELLS.has(language)) {
      if (line.startsWith('#')) continue;
      line = stripComment(line);
    } else continue;
    out.push(line);
  }
  return out;
}

/** A line cut at `;`, `&`, `&&` and `||` outside quotes. */
function splitCommands(line: string): string[] {
  const out: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ';' || c === '&' || (c === '|' && line[i + 1] === '|')) {
      out.push(line.slice(start, i));
      if (line[i + 1] === c) i++;
      start = i + 1;
    }
  }
  out.push(line.slice(start));
  return out;
}

/** Drops a trailing `# comment` that is outside quotes. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i).trimEnd();
  }
  return line;
}

function bashCommand(
  cmd: string,
  assign: (k: string, v: string, self: RegExp) => void,
  unsets: Set<string>,
): void {
  const unset = /^unset\s+(.+)$/.exec(cmd);
  if (unset) {
    for (const k of unset[1]!.split(/\s+/)) unsets.add(k);
    return;
  }
  // `export A=1 B=2`, or `A=1 B=2 command ...`
  const rest = cmd.replace(/^export\s+/, '');
  for (const m of rest.matchAll(/(?:^|\s)([A-Za-z_]\w*)=("[^"]*"|'[^']*'|\S*)/g)) {
    const before = rest.slice(0, m.index).trim();
    if (before && !/^(?:[A-Za-z_]\w*=(?:"[^"]*"|'[^']*'|\S*)\s*)+$/.test(before)) break;
    assign(m[1]!, m[2]!, new RegExp(`\\$\\{?${m[1]}\\b`));
  }
}

function unquote(v: string): string {
  const t = v.trim();
  return /^(["']).*\1$/.test(t) ? t.slice(1, -1) : t;
}

/** The packages of a `pip install` (or `python -m pip install`), with their bounds and index. */
export function pipInstall(cmd: string): Pin[] | null {
  const m = /^(?:python3?\s+-m\s+)?pip3?\s+install\s+(.*)$/.exec(cmd);
  if (!m) return null;
  const tokens = [...m[1]!.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((t) => t[1] ?? t[2] ?? t[3]!);
  let index: string | null = null;
  const reqs: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '--index-url' || t === '-i') index = tokens[++i] ?? null;
    else if (t.startsWith('--index-url=')) index = t.slice('--index-url='.length);
    else if (t === '--extra-index-url' || t === '-f' || t === '--find-links' || t === '-r' || t === '-c') i++;
    else if (!t.startsWith('-')) reqs.push(t);
  }
  return reqs.map((r) => parseRequirement(r, index)).filter((p): p is Pin => p !== null);
}

function parseRequirement(req: string, index: string | null): Pin | null {
  const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[([^\]]*)\])?\s*(.*)$/.exec(req);
  if (!m) return null;
  const bounds = m[3]!
    .split(',')
    .map((b) => /^\s*(===|==|!=|~=|>=|<=|>|<)\s*([\w.*+-]+)\s*$/.exec(b))
    .filter((b): b is RegExpExecArray => b !== null)
    .map((b) => [b[1]!, b[2]!] as const);
  return {
    name: m[1]!.toLowerCase().replace(/_/g, '-'),
    extras: m[2] ? m[2].split(',').map((e) => e.trim()) : [],
    bounds,
    index,
  };
}
