// Every start of the CLI compiled the classifier's core (about 450 KB of JavaScript) from
// source, about an eighth of `crashbot diagnose` on a short log. The build turns that
// module into a script of the form `(function (imports...) { ...; return exports; })` and
// keeps V8's compiled code for it beside it (scripts/bundle-cli.mjs), so a start reads the
// compiled code instead of compiling. V8 checks the kept code against its own version and
// flags and the script's length only, and takes damaged code as it is, so the kept file
// also holds a checksum of the script and one of the code, and is used only when both
// match. Kept code that does not fit (another Node, `--max-old-space-size`, another build,
// a damaged file) costs the compile it would have saved, never behaviour. The checksum is
// CRC-32 (zlib's, a tenth of a millisecond for the megabyte); a Node without zlib.crc32
// (before 20.15) takes SHA-256 instead, and so never reads a file kept with the other.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import * as zlib from 'node:zlib';

/** Where a script's compiled code is kept: `x.script.js` -> `x.script.cache`. */
export function codeCachePath(scriptFile: string): string {
  return scriptFile.replace(/\.js$/, '.cache');
}

/** Runs a script that evaluates to a function of its imports and returns its exports. */
export function loadCachedScript(url: URL, imports: readonly unknown[]): Record<string, unknown> {
  const file = fileURLToPath(url);
  const source = readFileSync(file);
  const sourceSum = checksum(source);
  const cachedData = keptCode(file, sourceSum);
  const script = new Script(source.toString('utf8'), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  loaded.set(file, { script, sourceSum, kept: cachedData !== undefined });
  const module = script.runInThisContext() as (...imports: unknown[]) => Record<string, unknown>;
  return module(...imports);
}

/** The scripts loaded, with their source's checksum (what writeCodeCaches puts in the header). */
const loaded = new Map<string, { script: Script; sourceSum: string; kept: boolean }>();

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
  return [...loaded].map(([file, { script, sourceSum }]) => {
    const data = script.createCachedData();
    const header = `${MAGIC} ${sourceSum} ${checksum(data)}\n`;
    writeFileSync(codeCachePath(file), Buffer.concat([Buffer.from(header, 'latin1'), data]));
    return codeCachePath(file);
  });
}

/** The kind of checksum is part of the magic word: a file kept with the other kind is not read. */
const crc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
const MAGIC = `crashbot-code-cache/1/${crc32 ? 'crc32' : 'sha256'}`;

function checksum(data: Uint8Array): string {
  return crc32 ? crc32(data).toString(16).padStart(8, '0') : createHash('sha256').update(data).digest('hex');
}

/** The kept code for this script, when a file holds code made from this very script, undamaged. */
function keptCode(file: string, sourceSum: string): Buffer | undefined {
  let kept: Buffer;
  try {
    kept = readFileSync(codeCachePath(file));
  } catch {
    return undefined;
  }
  // The header: the magic word, the script's checksum, the code's checksum, a newline.
  const end = kept.indexOf(0x0a);
  if (end < 0 || end > 200) return undefined;
  const [magic, ofSource, ofCode] = kept.subarray(0, end).toString('latin1').split(' ');
  if (magic !== MAGIC) return undefined;
  const data = kept.subarray(end + 1);
  return ofSource === sourceSum && ofCode === checksum(data) ? data : undefined;
}
