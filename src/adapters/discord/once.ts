// Each Discord event is handled by one instance, once. Discord sends every event to
// every session of an unsharded bot, and replays missed ones on RESUME, so several
// instances on one store each see the same message: a claim in the store decides which
// one answers. Ids are snowflakes that carry their creation time: an event stamped
// more than five minutes ahead of our clock is refused (a forged or replayed payload,
// or a clock gone wrong). If the store fails, the event is handled (and a warning
// logged): a duplicate answer is better than a lost one.
import type { DiscordRuntime } from './runtime.js';

const DISCORD_EPOCH = 1_420_070_400_000n;

/** How far ahead of our clock an event's id may be stamped. */
export const MAX_FUTURE_MS = 5 * 60_000;

/** How long a handled message or interaction is remembered. */
export const DELIVERY_TTL_MS = 60 * 60_000;

/** How long "this message has an answer" is remembered, so an edit updates it instead of answering anew. */
export const ANSWERED_TTL_MS = 24 * 60 * 60_000;

/** The creation time of a snowflake id, or null when it is not one. */
export function snowflakeTime(id: string): number | null {
  if (!/^\d{1,20}$/.test(id)) return null;
  const value = BigInt(id);
  if (value >= 1n << 64n) return null;
  return Number((value >> 22n) + DISCORD_EPOCH);
}

const clock = (rt: DiscordRuntime) => (rt.now ? rt.now() : Date.now());

/** True (and logged) when `id` is not a snowflake or is stamped too far in the future. */
export function refusedStamp(rt: DiscordRuntime, what: string, id: string): boolean {
  const at = snowflakeTime(id);
  if (at !== null && at - clock(rt) <= MAX_FUTURE_MS) return false;
  rt.log.warn(`refused ${what} ${at === null ? 'without a valid id' : 'stamped in the future'}`, { id });
  return true;
}

/** True for the first instance to claim `key`; true as well when the store cannot say. */
export async function firstClaim(rt: DiscordRuntime, key: string, ttlMs = DELIVERY_TTL_MS): Promise<boolean> {
  try {
    return await rt.store.claimDelivery(`discord:${key}`, new Date(clock(rt)), ttlMs);
  } catch (err) {
    rt.log.warn('could not check the store for a repeated event; handling it', {
      key,
      error: (err as Error).message,
    });
    return true;
  }
}
