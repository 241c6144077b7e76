// Keeps catastrophic backtracking out of the patterns crashbot runs on pasted text.
// Two layers: a structural check at load (a repeated group that itself repeats or
// alternates, the shape of every exponential case, is refused outright), and a proof by
// recheck's automaton checker, run by `crashbot knowledge check` and the test suite.
// The proof takes about a second per pattern, so verdicts are cached (keyed by the
// pattern, its flags and the checker's version); a changed pattern is always proved again.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KnowledgeBase } from '../core/knowledge.js';
import { hasRepetition } from './regex-shape.js';

/** A pattern to prove, and where it comes from (a file and rule, for the message). */
export interface PatternSite {
  source: string;
  /** Flags without g and y, which do not change what can match. */
  flags: string;
  where: string;
}

/** Every pattern the knowledge base runs on pasted text: rules, their conditions, harmless lines. */
export function knowledgePatterns(kb: KnowledgeBase): PatternSite[] {
  const out = new Map<string, PatternSite>();
  const add = (re: RegExp, where: string) => {
    const site = siteOf(re, where);
    if (!out.has(keyOf(site))) out.set(keyOf(site), site);
  };
  for (const rule of kb.rules) {
    if (rule.match) add(rule.match.re, `${rule.file}: rule ${rule.id}`);
    for (const [name, c] of [
      ['when', rule.when],
      ['unless', rule.unless],
    ] as const) {
      for (const p of [...(c?.seen ?? []), ...(c?.anySeen ?? [])])
        add(p.re, `${rule.file}: rule ${rule.id} (${name})`);
    }
  }
  for (const h of kb.harmless) add(h.pattern.re, `harmless.yaml: ${h.id}`);
  return [...out.values()];
}

export function siteOf(re: RegExp, where: string): PatternSite {
  return { source: re.source, flags: re.flags.replace(/[gy]/g, ''), where };
}

const keyOf = (p: PatternSite) => `${p.flags}/${p.source}`;

export interface Verdict {
  site: PatternSite;
  /** safe; vulnerable; unknown (not proved within the time limit). */
  status: 'safe' | 'vulnerable' | 'unknown';
  /** For a vulnerable pattern: its complexity and an input that shows it. */
  detail?: string;
}

export type ProofResult =
  | { available: false; reason: string }
  | { available: true; checker: string; verdicts: Verdict[]; proved: number; cached: number };

export interface ProofOptions {
  /** Where verdicts are cached; none when undefined. */
  cacheFile?: string | undefined;
  /** Per pattern, in ms. */
  timeoutMs?: number;
  /** Called before each pattern that needs the checker (not for cached ones). */
  onProgress?: (done: number, total: number, site: PatternSite) => void;
}

/** The cache beside this package's dependencies (present wherever they were installed). */
export function defaultProofCache(): string {
  return resolve(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    '..',
    'node_modules',
    '.cache',
    'crashbot-redos.json',
  );
}

interface RecheckModule {
  check(
    source: string,
    flags: string,
    params: { checker: 'automaton'; timeout: number },
  ): Promise<{
    status: string;
    complexity?: { summary?: string };
    attack?: { pattern?: string };
    error?: { kind?: string; message?: string };
  }>;
}

/**
 * Proves each pattern safe with recheck (a development dependency: without it the
 * result says so and only the structural check has run).
 */
export async function provePatterns(
  sites: readonly PatternSite[],
  opts: ProofOptions = {},
): Promise<ProofResult> {
  let recheck: RecheckModule;
  let version: string;
  try {
    recheck = (await import('recheck')) as unknown as RecheckModule;
    version = (createRequire(import.meta.url)('recheck/package.json') as { version: string }).version;
  } catch {
    return { available: false, reason: 'recheck is not installed (it is a development dependency: npm ci)' };
  }
  const cache = opts.cacheFile ? readCache(opts.cacheFile) : {};
  const verdicts: Verdict[] = [];
  const pending: { site: PatternSite; id: string }[] = [];
  for (const site of sites) {
    const id = createHash('sha256')
      .update(`${version}\0${keyOf(site)}`)
      .digest('hex');
    if (!hasRepetition(site.source) || cache[id] === 'safe') verdicts.push({ site, status: 'safe' });
    else pending.push({ site, id });
  }
  const cached = verdicts.length;
  for (const [i, { site, id }] of pending.entries()) {
    opts.onProgress?.(i, pending.length, site);
    const r = await recheck.check(site.source, site.flags, {
      checker: 'automaton',
      timeout: opts.timeoutMs ?? 300_000,
    });
    if (r.status === 'safe') {
      cache[id] = 'safe';
      verdicts.push({ site, status: 'safe' });
    } else if (r.status === 'vulnerable') {
      const attack = r.attack?.pattern ? `, e.g. ${r.attack.pattern}` : '';
      verdicts.push({
        site,
        status: 'vulnerable',
        detail: `${r.complexity?.summary ?? 'super-linear'}${attack}`,
      });
    } else {
      // recheck's automaton cannot read look-ahead or look-behind: such a pattern is never proved.
      const why =
        r.error?.kind === 'unsupported' ? `recheck cannot prove it (${r.error.message})` : undefined;
      verdicts.push({ site, status: 'unknown', detail: why ?? 'not proved within the time limit' });
    }
  }
  if (opts.cacheFile && pending.length > 0) writeCache(opts.cacheFile, cache);
  return { available: true, checker: `recheck ${version}`, verdicts, proved: pending.length, cached };
}

function readCache(file: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Best effort: a cache that cannot be written only means the next run proves again. */
function writeCache(file: string, cache: Record<string, string>): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(cache));
    renameSync(tmp, file);
  } catch {
    // read-only install: nothing to keep
  }
}
