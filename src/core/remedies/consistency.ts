// A reply's snippets must not work against each other: a later one must not undo, reorder
// or contradict what an earlier one set up (a variable, a folder first on a path, a
// package version or wheel index), nor touch a variable an earlier one needs left alone.
// Assembly drops a snippet that would; tests run the same check over every reply.
import type { Os } from '../types.js';
import { compareVersions } from '../versions/version-util.js';
import { type Effects, effectsOf, type Pin } from './effects.js';

export interface SnippetForCheck {
  id: string;
  language: string;
  code: string;
  /** The OSes the snippet is for (null: any): snippets for different OSes never contradict. */
  os?: readonly Os[] | null;
  /** Variables its advice needs left alone. */
  keepsClean?: readonly string[];
}

export interface Contradiction {
  earlier: string;
  later: string;
  why: string;
}

/** Extras that imply a version bound (tensorflow[and-cuda] exists from 2.14). */
export type ExtraBounds = (pkg: string, extra: string) => readonly (readonly [string, string])[];

const noExtras: ExtraBounds = () => [];

/** Why `later` contradicts one of `earlier`, or null when it fits with all of them. */
export function contradiction(
  earlier: readonly SnippetForCheck[],
  later: SnippetForCheck,
  extras: ExtraBounds = noExtras,
): Contradiction | null {
  const b = effectsOf(later.language, later.code);
  for (const e of earlier) {
    if (!sameOs(e.os, later.os)) continue;
    const a = effectsOf(e.language, e.code);
    const why =
      environment(a, b, e.keepsClean ?? []) ??
      environment(b, a, later.keepsClean ?? [], true) ??
      packages(a.pins, b.pins, extras);
    if (why) return { earlier: e.id, later: later.id, why };
  }
  return null;
}

/** Every contradiction in a list of snippets, each against those before it. */
export function contradictions(list: readonly SnippetForCheck[], extras?: ExtraBounds): Contradiction[] {
  const out: Contradiction[] = [];
  list.forEach((s, i) => {
    const c = contradiction(list.slice(0, i), s, extras);
    if (c) out.push(c);
  });
  return out;
}

function sameOs(a: readonly Os[] | null | undefined, b: readonly Os[] | null | undefined): boolean {
  if (!a || !b) return true;
  const norm = (l: readonly Os[]) => new Set(l.flatMap((o) => (o === 'wsl' ? ['wsl', 'linux'] : [o])));
  const x = norm(a);
  return [...norm(b)].some((o) => x.has(o));
}

/**
 * What `b` does against `a`'s environment. `reverse` checks `a`'s changes against the
 * variables `b` keeps clean (an earlier snippet already broke what a later one needs).
 */
function environment(a: Effects, b: Effects, keepsClean: readonly string[], reverse = false): string | null {
  for (const k of keepsClean) {
    if (b.sets.has(k) || b.prepends.has(k))
      return reverse
        ? `it needs ${k} left alone, which an earlier snippet changes`
        : `it changes ${k}, which the earlier advice needs left alone`;
  }
  if (reverse) return null;
  for (const [k, v] of b.sets) {
    const before = a.sets.get(k);
    if (before !== undefined && before !== v) return `it sets ${k}=${v} after ${k}=${before}`;
    if (a.unsets.has(k)) return `it sets ${k}, which the earlier snippet unsets`;
    if (a.prepends.has(k))
      return `it overwrites ${k}, on which the earlier snippet put ${a.prepends.get(k)![0]} first`;
  }
  for (const k of b.unsets) {
    if (a.sets.has(k) || a.prepends.has(k)) return `it unsets ${k}, which the earlier snippet sets`;
  }
  for (const [k, dirs] of b.prepends) {
    if (a.unsets.has(k)) return `it puts ${dirs[0]} on ${k}, which the earlier snippet unsets`;
    const first = a.prepends.get(k);
    if (first && dirs.some((d) => !first.includes(d)))
      return `it puts ${dirs[0]} before ${first[0]} on ${k}, reordering the earlier snippet's path`;
  }
  return null;
}

function packages(a: readonly Pin[], b: readonly Pin[], extras: ExtraBounds): string | null {
  for (const p of b) {
    for (const q of a) {
      if (p.name !== q.name) continue;
      if (p.index !== q.index && p.index !== null && q.index !== null)
        return `it installs ${p.name} from ${p.index} after ${q.index}`;
      const bounds = [...allBounds(p, extras), ...allBounds(q, extras)];
      if (!satisfiable(bounds))
        return `it asks for ${p.name} ${describe(allBounds(p, extras))} after ${describe(allBounds(q, extras))}`;
    }
  }
  return null;
}

function allBounds(p: Pin, extras: ExtraBounds): (readonly [string, string])[] {
  return [...p.bounds, ...p.extras.flatMap((e) => extras(p.name, e))];
}

function describe(bounds: readonly (readonly [string, string])[]): string {
  return bounds.length ? bounds.map(([op, v]) => `${op}${v}`).join(',') : '(any version)';
}

/** Whether some version meets every bound (== and wildcard pins, ranges). */
function satisfiable(bounds: readonly (readonly [string, string])[]): boolean {
  let low: { v: string; strict: boolean } | null = null;
  let high: { v: string; strict: boolean } | null = null;
  const exact: string[] = [];
  for (const [op, raw] of bounds) {
    const v = raw.replace(/\.\*$/, '');
    if (op === '==' || op === '===') exact.push(v);
    else if (op === '>=' || op === '>' || op === '~=') {
      const strict = op === '>';
      if (!low || compareVersions(v, low.v) > 0 || (compareVersions(v, low.v) === 0 && strict))
        low = { v, strict };
    } else if (op === '<=' || op === '<') {
      const strict = op === '<';
      if (!high || compareVersions(v, high.v) < 0 || (compareVersions(v, high.v) === 0 && strict))
        high = { v, strict };
    }
  }
  const fits = (v: string) =>
    (!low || compareVersions(v, low.v) > 0 || (!low.strict && compareVersions(v, low.v) === 0)) &&
    (!high || compareVersions(v, high.v) < 0 || (!high.strict && compareVersions(v, high.v) === 0));
  if (exact.length) return exact.every((v) => v === exact[0] && fits(v));
  if (!low || !high) return true;
  const d = compareVersions(low.v, high.v);
  return d < 0 || (d === 0 && !low.strict && !high.strict);
}
