// Slack delivers an event again when it did not see the ack in time (X-Slack-Retry-Num),
// and Bolt accepts a replayed signed request: each event id is handled once. Keys are
// kept for `ttlMs` and at most `max` of them, oldest first out.

export interface Deduper {
  /** True the first time `key` is offered within the window; false for a repeat. */
  first(key: string): boolean;
  readonly size: number;
}

export function createDeduper(opts: { ttlMs: number; max: number; now: () => number }): Deduper {
  const seen = new Map<string, number>();
  const expire = (now: number) => {
    for (const [key, until] of seen) {
      if (until > now && seen.size <= opts.max) break;
      seen.delete(key);
    }
  };
  return {
    first(key) {
      const now = opts.now();
      const until = seen.get(key);
      if (until !== undefined && until > now) return false;
      seen.delete(key);
      seen.set(key, now + opts.ttlMs);
      expire(now);
      return true;
    },
    get size() {
      return seen.size;
    },
  };
}

/** The key an incoming Slack payload is deduplicated by, or null when it has none. */
export function dedupeKey(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (typeof b.event_id === 'string') return `event:${b.event_id}`;
  if (typeof b.trigger_id === 'string') return `trigger:${b.trigger_id}`;
  return null;
}
