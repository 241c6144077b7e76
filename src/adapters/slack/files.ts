// Reads a log file attached to a Slack message: text files only, from the file's
// private URL on a Slack host (the bot token goes nowhere else), within a size cap and
// a timeout. Every way it can fail is a value with a code.
import type { SlackFile } from './incoming.js';

export interface FileReaderOptions {
  token: string;
  /** Origins besides Slack's own https hosts that may receive the token (a local Slack API in tests). */
  extraOrigins: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export type FileProblem =
  | 'not-text'
  | 'too-large'
  | 'binary'
  | 'no-url'
  | 'url-not-allowed'
  | 'timeout'
  | 'http-error'
  | 'login-page'
  | 'network';

export type FileRead =
  | { ok: true; name: string; text: string }
  | { ok: false; name: string; problem: FileProblem };

const LOG_EXTENSIONS = new Set(['log', 'txt', 'out', 'err', 'text']);
const MAX_REDIRECTS = 3;

export function fileName(file: SlackFile): string {
  return file.name ?? file.title ?? file.id;
}

/** A `.log`/`.txt`/`.out` file, any `text/*` file, or a text snippet. */
export function isTextFile(file: SlackFile): boolean {
  const ext = fileName(file).split('.').at(-1)?.toLowerCase() ?? '';
  const mime = file.mimetype?.toLowerCase() ?? '';
  return LOG_EXTENSIONS.has(ext) || mime.startsWith('text/') || file.filetype === 'text';
}

export function tokenMayGoTo(url: URL, extraOrigins: readonly string[]): boolean {
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && (url.hostname === 'slack.com' || url.hostname.endsWith('.slack.com'));
}

export async function readSlackFile(opts: FileReaderOptions, file: SlackFile): Promise<FileRead> {
  const name = fileName(file);
  const fail = (problem: FileProblem): FileRead => ({ ok: false, name, problem });
  if (!isTextFile(file)) return fail('not-text');
  if (file.size !== undefined && file.size > opts.maxBytes) return fail('too-large');
  const first = file.url_private_download ?? file.url_private;
  if (!first) return fail('no-url');
  const doFetch = opts.fetch ?? fetch;
  const signal = AbortSignal.timeout(opts.timeoutMs);
  try {
    let url = new URL(first);
    for (let hop = 0; ; hop++) {
      if (!tokenMayGoTo(url, opts.extraOrigins)) return fail('url-not-allowed');
      const res = await doFetch(url, {
        headers: { Authorization: `Bearer ${opts.token}` },
        redirect: 'manual',
        signal,
      });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location && hop < MAX_REDIRECTS) {
        await res.body?.cancel();
        url = new URL(location, url);
        continue;
      }
      if (res.status !== 200) {
        await res.body?.cancel();
        return fail('http-error');
      }
      // Without files:read, Slack answers a file URL with its sign-in page.
      if ((res.headers.get('content-type') ?? '').includes('text/html') && !/\.html?$/i.test(name)) {
        await res.body?.cancel();
        return fail('login-page');
      }
      const bytes = await readCapped(res, opts.maxBytes);
      if (bytes === null) return fail('too-large');
      if (looksBinary(bytes)) return fail('binary');
      return { ok: true, name, text: new TextDecoder('utf-8').decode(bytes) };
    }
  } catch (err) {
    const n = (err as Error).name;
    return fail(n === 'TimeoutError' || n === 'AbortError' ? 'timeout' : 'network');
  }
}

/** The body, or null once it passes `max` bytes (the download is then cancelled). */
async function readCapped(res: Response, max: number): Promise<Uint8Array | null> {
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** NUL bytes in the first 8 KB: an image, an archive or a core dump, not a log. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0);
}
