// A compiled knowledge base saved as JSON by the build, keyed by a hash of the knowledge
// files' contents. Loading it skips YAML parsing and validation (most of the CLI's
// start-up time); when any file changed, the hash differs and the files are loaded and
// validated afresh. The files' stamp (names, sizes, times) saved with it spares the
// hash while the files are the very ones it was made from. This module must stay
// light: yaml and zod load only on a miss.
import { readFileSync, writeFileSync } from 'node:fs';
import type { KnowledgeBase } from '../core/knowledge.js';
import type { LoadResult } from './load.js';
import { knowledgeStamp, knowledgeVersion } from './version.js';

const FORMAT = 3;

/**
 * Saves the knowledge base loaded from `dir`, with the stamp of the files there and what
 * the classifier and the listener worked out for it in the build (core/remembered.ts).
 */
export function writeSnapshot(kb: KnowledgeBase, path: string, dir: string, remembered: unknown = {}): void {
  const stamp = knowledgeStamp(dir);
  writeFileSync(
    path,
    JSON.stringify({ format: FORMAT, version: kb.version, stamp, remembered, kb }, replacer),
  );
}

/** The snapshot when it matches the files in dir; otherwise the files, loaded and validated. */
export async function loadKnowledgeCached(dir: string, snapshotPath: string): Promise<LoadResult> {
  const stamp = knowledgeStamp(dir);
  try {
    const data = JSON.parse(readFileSync(snapshotPath, 'utf8')) as {
      format: number;
      version: string;
      stamp: string;
      remembered?: unknown;
      kb: unknown;
    };
    if (data.format === FORMAT && (data.stamp === stamp || data.version === knowledgeVersion(dir))) {
      const kb = revive(data.kb) as KnowledgeBase;
      if (kb.version === data.version) {
        // Imported here: the CLI loads this module on every start, the classifier only with knowledge.
        const { primeRemembered } = await import('../core/remembered.js');
        primeRemembered(data.remembered);
        return { ok: true, kb };
      }
    }
  } catch {
    // No snapshot, or an unreadable one: load the files.
  }
  const { loadKnowledge } = await import('./load.js');
  return loadKnowledge(dir);
}

function replacer(_key: string, value: unknown): unknown {
  if (value instanceof RegExp) return { $re: value.source, flags: value.flags };
  if (value instanceof Map) return { $map: [...value.entries()] };
  return value;
}

/**
 * The saved value with its regular expressions and maps made again, every object and
 * array frozen: one walk (a JSON.parse reviver would call back for every value).
 */
function revive(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
    return Object.freeze(value);
  }
  const v = value as { $re?: unknown; flags?: string; $map?: [unknown, unknown][] };
  if (typeof v.$re === 'string') return new RegExp(v.$re, v.flags);
  if (Array.isArray(v.$map)) {
    const map = new Map<unknown, unknown>();
    for (const [k, x] of v.$map) map.set(revive(k), revive(x));
    return Object.freeze(map);
  }
  const o = value as Record<string, unknown>;
  for (const k in o) o[k] = revive(o[k]);
  return Object.freeze(o);
}
