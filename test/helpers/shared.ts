// The material beside the checkout (../shared: the labelled corpus, the reference tables,
// the taxonomy). A plain clone has none of it: the tests that need it are skipped there,
// and say so once. CI lays ../shared beside its clone, so there (CI=true) they run, and a
// missing ../shared fails instead of skipping in silence.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A path under ../shared. */
export function sharedPath(...parts: string[]): string {
  return join(ROOT, '..', 'shared', ...parts);
}

const said = new Set<string>();

/** Whether ../shared/<parts> is there; if not, says which tests are skipped (and fails on CI). */
export function hasShared(what: string, ...parts: string[]): boolean {
  const path = sharedPath(...parts);
  if (existsSync(path)) return true;
  if (process.env.CI === 'true') throw new Error(`${path} is missing: CI runs the tests that need ../shared`);
  if (!said.has(path)) {
    said.add(path);
    process.stderr.write(`skipped: ${what}: ${path} is not beside this checkout\n`);
  }
  return false;
}
