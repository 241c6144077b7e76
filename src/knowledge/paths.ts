import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** knowledge/ beside src/ (or dist/) in this package. */
export function defaultKnowledgeDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'knowledge');
}
