// A compiled knowledge base saved as JSON by the build, keyed by a hash of the knowledge
// files' contents. Loading it skips YAML parsing and validation (most of the CLI's
// start-up time); when any file changed, the hash differs and the files are loaded and
// validated afresh. This module must stay light: yaml and zod load only on a miss.
import { readFileSync, writeFileSync } from 'node:fs';
import type { KnowledgeBase } from '../core/knowledge.js';
import type { LoadResult } from './load.js';
import { knowledgeVersion } from './version.js';

const FORMAT = 1;

export function writeSnapshot(kb: KnowledgeBase, path: string): void {
  writeFileSync(path, JSON.stringify({ format: FORMAT, version: kb.version, kb }, replacer));
}

/** The snapshot when it matches the files in dir; otherwise the files, loaded and validated. */
export async function loadKnowledgeCached(dir: string, snapshotPath: string): Promise<LoadResult> {
  const version = knowledgeVersion(dir);
  try {
    const data = JSON.parse(readFileSync(snapshotPath, 'utf8'), reviver) as {
      format: number;
      version: string;
      kb: KnowledgeBase;
    };
    if (data.format === FORMAT && data.version === version && data.kb.version === version) {
      return { ok: true, kb: deepFreeze(data.kb) };
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

function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object') {
    const v = value as { $re?: string; flags?: string; $map?: [unknown, unknown][] };
    if (typeof v.$re === 'string') return new RegExp(v.$re, v.flags);
    if (Array.isArray(v.$map)) return new Map(v.$map);
  }
  return value;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof RegExp)) {
    if (value instanceof Map) for (const v of value.values()) deepFreeze(v);
    else for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
