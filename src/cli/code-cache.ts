// Every start of the CLI compiled the classifier's core (about 450 KB of JavaScript) from
// source, about an eighth of `crashbot diagnose` on a short log. The build turns that
// module into a script of the form `(function (imports...) { ...; return exports; })` and
// keeps V8's compiled code for it beside it (scripts/bundle-cli.mjs), so a start reads the
// compiled code instead of compiling. V8 checks the kept code against its own version and
// flags and the script's length only, and takes damaged code as it is, so the kept file
// also holds the SHA-256 of the script and of the code, and is used only when both match.
// Kept code that does not fit (another Node, `--max-old-space-size`, another build, a
// damaged file) costs the compile it would have saved, never behaviour.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** Where a script's compiled code is kept: `x.script.js` -> `x.script.cache`. */
export function codeCachePath(scriptFile: string): string {
  return scriptFile.replace(/\.js$/, '.cache');
}

/** Runs a script that evaluates to a function of its imports and returns its exports. */
export function loadCachedScript(url: URL, imports: readonly unknown[]): Record<string, unknown> {
  const file = fileURLToPath(url);
  const code = readFileSync(file, 'utf8');
  const cachedData = keptCode(file, code);
  const script = new Script(code, { filename: file, ...(cachedData ? { cachedData } : {}) });
  loaded.set(file, { script, code, kept: cachedData !== undefined });
  const module = script.runInThisContext() as (...imports: unknown[]) => Record<string, unknown>;
  return module(...imports);
}

const loaded = new Map<string, { script: Script; code: string; kept: boolean }>();

/** For each script loaded: whether its kept code was used (null: none was kept, or it did not match). */
export function codeCacheUse(): { file: string; used: boolean | null }[] {
  return [...loaded].map(([file, s]) => ({
    file,
    used: s.kept ? !s.script.cachedDataRejected : null,
  }));
}

/**
 * Keeps the compiled code of every script loaded so far, with each function compiled up to
 * now: the build calls it after running the work a start does.
 */
export function writeCodeCaches(): string[] {
  return [...loaded].map(([file, { script, code }]) => {
    const data = script.createCachedData();
    const header = `${MAGIC} ${sha256(code)} ${sha256(data)}\n`;
    writeFileSync(codeCachePath(file), Buffer.concat([Buffer.from(header, 'latin1'), data]));
    return codeCachePath(file);
  });
}

const MAGIC = 'crashbot-code-cache/1';
/** The header: the magic word, then the SHA-256 of the script and of the code (64 hex digits each). */
const HEADER_LENGTH = MAGIC.length + 1 + 64 + 1 + 64 + 1;

/** The kept code for this script, when a file holds code made from this very script, undamaged. */
function keptCode(file: string, code: string): Buffer | undefined {
  let kept: Buffer;
  try {
    kept = readFileSync(codeCachePath(file));
  } catch {
    return undefined;
  }
  const [magic, source, digest] = kept
    .subarray(0, HEADER_LENGTH - 1)
    .toString('latin1')
    .split(' ');
  if (magic !== MAGIC || kept[HEADER_LENGTH - 1] !== 0x0a) return undefined;
  const data = kept.subarray(HEADER_LENGTH);
  return source === sha256(code) && digest === sha256(data) ? data : undefined;
}

function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
