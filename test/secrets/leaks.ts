// Shared by the secrets tests: which planted secrets a set of outputs leaks, and how
// big the corpus is.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlantedLog } from '../fixtures/secrets/planted.js';

const LOGS = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/secrets/logs');

/** "log: first characters…" for each planted secret found in any of `outputs`. */
export function leaks(logs: readonly PlantedLog[], outputs: readonly string[]): string[] {
  const all = outputs.join('\n\u0000\n');
  return logs.flatMap((l) =>
    l.secrets.filter((s) => all.includes(s)).map((s) => `${l.name}: ${s.slice(0, 8)}…`),
  );
}

export interface CorpusCounts {
  logs: number;
  /** {{kind}} placeholders: each is one planted secret. */
  placeholders: number;
  kinds: number;
  /** Sensitive substrings (a key block counts once per body line). */
  secrets: number;
  distinctSecrets: number;
}

export function corpusCounts(logs: readonly PlantedLog[]): CorpusCounts {
  const kinds = new Set<string>();
  let placeholders = 0;
  for (const f of readdirSync(LOGS).filter((n) => n.endsWith('.log'))) {
    for (const m of readFileSync(join(LOGS, f), 'utf8').matchAll(/\{\{([a-z0-9-]+)\}\}/g)) {
      placeholders++;
      kinds.add(m[1] ?? '');
    }
  }
  const secrets = logs.flatMap((l) => l.secrets);
  return {
    logs: logs.length,
    placeholders,
    kinds: kinds.size,
    secrets: secrets.length,
    distinctSecrets: new Set(secrets).size,
  };
}
