// What a failed Discord request means for the pipeline. discord.js has already retried
// what may pass (5xx, network errors) and waited out 429s; what reaches here is final:
// refused content (an embed Discord rejects), a target gone (a deleted message, an
// expired interaction), no permission, or anything else.
import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { DeliveryError, type DeliveryFailure } from '../../app/conversation/ports.js';

const FORBIDDEN = new Set([50001, 50013, 50007, 40001]);
const GONE = new Set([10003, 10008, 10015, 10062, 40060]);
const INVALID = new Set([50035, 50006, 50008]);

export function failureOf(err: unknown): { failure: DeliveryFailure; code: string } {
  if (err instanceof DiscordAPIError) {
    const n = typeof err.code === 'number' ? err.code : null;
    const code = String(n ?? err.status);
    if (err.status >= 500 || err.status === 429) return { failure: 'failed', code };
    if (n !== null && FORBIDDEN.has(n)) return { failure: 'forbidden', code };
    if (n !== null && GONE.has(n)) return { failure: 'gone', code };
    if ((n !== null && INVALID.has(n)) || err.status === 400) return { failure: 'refused', code };
    if (err.status === 403) return { failure: 'forbidden', code };
    if (err.status === 404) return { failure: 'gone', code };
    return { failure: 'failed', code };
  }
  if (err instanceof HTTPError) return { failure: 'failed', code: String(err.status) };
  if (err instanceof RateLimitError) return { failure: 'failed', code: '429' };
  return { failure: 'failed', code: (err as { code?: string })?.code ?? 'unknown' };
}

const PERMISSIONS_FIX =
  'give the bot View Channel, Send Messages, Send Messages in Threads, Embed Links, Attach Files and Read Message History here';

/** Runs a request; a failure comes out as a DeliveryError. */
export async function request<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DeliveryError) throw err;
    const { failure, code } = failureOf(err);
    const fix = failure === 'forbidden' ? PERMISSIONS_FIX : undefined;
    throw new DeliveryError(failure, code, (err as Error).message, fix);
  }
}
