// The Mattermost REST client: @mattermost/client's Client4 against MATTERMOST_URL with the
// bot's token, each request bounded in time, and this surface's one retry policy (Client4
// has none of its own): a 429 waits out Retry-After (or X-Ratelimit-Reset), a 5xx or a
// dropped connection is tried again after a pause, up to `retries` times. Posts carry a
// pending_post_id, by which Mattermost drops a repeat, so a retried post shows once.
// Failures become the pipeline's four kinds, with the fix where there is one.
import mattermost from '@mattermost/client';
import type { FileInfo } from '@mattermost/types/files';
import { DeliveryError, type DeliveryFailure } from '../../app/conversation/ports.js';

// A CommonJS package whose exports Node's ESM loader cannot name: taken from its default export.
const { Client4, ClientError } = mattermost;

export interface ClientOptions {
  /** The server's address (MATTERMOST_URL), without /api/v4. */
  url: string;
  token: string;
  timeoutMs: number;
  retries: number;
  /** The longest wait for a rate limit; a longer one fails at once. */
  maxWaitMs: number;
}

type Fetched = { response: Response; data: unknown };
type Fetcher = (url: string, options: RequestInit & { ignoreStatus?: boolean }) => Promise<Fetched>;

export class MattermostClient extends Client4 {
  constructor(o: ClientOptions) {
    super();
    this.setUrl(trimSlashes(o.url));
    this.setToken(o.token);
    this.setIncludeCookies(false);
    const self = this as unknown as { doFetchWithResponse: Fetcher };
    const once = self.doFetchWithResponse;
    self.doFetchWithResponse = async (url, options) => {
      for (let attempt = 0; ; attempt++) {
        const last = attempt >= o.retries;
        let r: Fetched;
        try {
          r = await once(url, { ...options, ignoreStatus: true, signal: AbortSignal.timeout(o.timeoutMs) });
        } catch (err) {
          if (last) throw err;
          await pause(250 * 2 ** attempt);
          continue;
        }
        const { status, headers } = r.response;
        if (r.response.ok) return r;
        const wait = status === 429 ? waitOf(headers) : status >= 500 ? 250 * 2 ** attempt : null;
        if (wait !== null && !last && wait <= o.maxWaitMs) {
          await pause(wait);
          continue;
        }
        const data = (r.data ?? {}) as { message?: unknown; id?: unknown };
        throw new ClientError(this.getUrl(), {
          message: typeof data.message === 'string' ? data.message : `HTTP ${status}`,
          ...(typeof data.id === 'string' && { server_error_id: data.id }),
          status_code: status,
          url,
        });
      }
    };
  }

  /** GET /files/{id}/info (Client4 reads a post's files, not one file's). */
  fileInfo(id: string): Promise<FileInfo> {
    return this.doFetch<FileInfo>(`${this.getFileRoute(id)}/info`, { method: 'get' });
  }
}

function trimSlashes(url: string): string {
  let s = url.trim();
  while (s.endsWith('/')) s = s.slice(0, -1);
  return s.endsWith('/api/v4') ? s.slice(0, -'/api/v4'.length) : s;
}

/** Retry-After in seconds, else X-Ratelimit-Reset (seconds until the window resets), else 1 s. */
function waitOf(h: Headers): number {
  const s = Number(h.get('retry-after') ?? h.get('x-ratelimit-reset') ?? 1);
  return Number.isFinite(s) && s >= 0 ? s * 1000 : 1000;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The HTTP status of a failed call, when the server answered. */
export function statusOf(err: unknown): number | undefined {
  return err instanceof ClientError ? err.status_code : undefined;
}

const FAILURES: Record<number, [DeliveryFailure, string?]> = {
  400: ['refused'],
  413: ['refused'],
  404: ['gone'],
  401: ['forbidden', 'check MATTERMOST_TOKEN'],
  403: ['forbidden', 'add the bot to the channel (/invite @crashbot)'],
};

/** A failed call as the pipeline's DeliveryError. */
export function deliveryError(err: unknown): DeliveryError {
  if (err instanceof DeliveryError) return err;
  const status = statusOf(err);
  const id = err instanceof ClientError && err.server_error_id;
  const [failure, fix] = FAILURES[status ?? 0] ?? ['failed'];
  const code = status === undefined ? 'network' : id || `http_${status}`;
  return new DeliveryError(failure, code, `Mattermost said: ${(err as Error).message}`, fix);
}

export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw deliveryError(err);
  }
}
