// Downloading an attached file over HTTP for an attachment source: only from the hosts
// the platform serves files from (a credential goes nowhere else, and no redirect may
// lead elsewhere), redirects followed by hand up to a bound, and every refusal a value
// the pipeline can explain. The body is handed on unread: the pipeline caps, decodes
// and cancels it.
import type { SourceRefusal } from '../app/conversation/ports.js';

export interface DownloadOptions {
  /** Whether the file may be fetched from `url` (with `headers`). */
  mayGo(url: URL): boolean;
  headers?: Record<string, string>;
  /** Redirects followed (each checked with mayGo); 0 refuses any. */
  redirects: number;
  signal: AbortSignal;
  /** A page where a file was expected means the bot may not read it (Slack's sign-in page). */
  htmlMeans?: SourceRefusal;
}

export async function download(
  url: string,
  name: string,
  o: DownloadOptions,
): Promise<ReadableStream<Uint8Array> | SourceRefusal> {
  let at: URL;
  try {
    at = new URL(url);
  } catch {
    return { problem: 'not-allowed', detail: 'not a URL' };
  }
  for (let hop = 0; ; hop++) {
    if (!o.mayGo(at)) return { problem: 'not-allowed', detail: at.origin };
    const res = await fetch(at, { headers: o.headers ?? {}, redirect: 'manual', signal: o.signal });
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location && hop < o.redirects) {
      await res.body?.cancel();
      at = new URL(location, at);
      continue;
    }
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      return { problem: 'unreachable', detail: `HTTP ${res.status}` };
    }
    const html = (res.headers.get('content-type') ?? '').includes('text/html') && !/\.html?$/i.test(name);
    if (html && o.htmlMeans) {
      await res.body.cancel();
      return o.htmlMeans;
    }
    return res.body;
  }
}
