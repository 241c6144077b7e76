// Discord ids are snowflakes that carry their creation time: an event stamped more
// than five minutes ahead of our clock is refused (a forged or replayed payload, or a
// clock gone wrong), and logged.
import type { Logger } from '../../app/logger.js';

const DISCORD_EPOCH = 1_420_070_400_000n;

/** How far ahead of our clock an event's id may be stamped. */
export const MAX_FUTURE_MS = 5 * 60_000;

/** The creation time of a snowflake id, or null when it is not one. */
export function snowflakeTime(id: string): number | null {
  if (!/^\d{1,20}$/.test(id)) return null;
  const value = BigInt(id);
  if (value >= 1n << 64n) return null;
  return Number((value >> 22n) + DISCORD_EPOCH);
}

/** True (and logged) when `id` is not a snowflake or is stamped too far in the future. */
export function refusedStamp(log: Logger, now: number, what: string, id: string): boolean {
  const at = snowflakeTime(id);
  if (at !== null && at - now <= MAX_FUTURE_MS) return false;
  log.warn(`refused ${what} ${at === null ? 'without a valid id' : 'stamped in the future'}`, { id });
  return true;
}
