// Abuse limits and the listening cool-down. They are counted in the store, so every
// instance on one database counts the same requests and only one of them says the
// notice. Asked-for diagnoses are counted before the work; unasked (listened) ones
// only once they turn out to be crashes, and they never announce a limit: they just
// stop. A command over its limit still gets a (private) answer, since Discord shows an
// error otherwise. If the store fails, the request is answered and a warning logged: a
// limit must not cost a diagnosis.
import type { Limit, RateTake } from '../../core/rate-limit.js';
import type { Reply } from '../../core/reply/model.js';
import { noticeReply } from '../command-replies.js';
import type { Logger } from '../logger.js';
import type { ChannelRef, EventGuardPort } from '../ports.js';
import type { IgnoreReason } from './ports.js';

export interface LimitSettings {
  /** Diagnoses one person may ask for per window. */
  perUser: Limit;
  /** Diagnoses per channel per window, asked or unasked. */
  perChannel: Limit;
  /** After an unasked reply, the channel gets no other unasked reply for this long. */
  listenCooldownMs: number;
  /** `/crash` commands per person and per channel (help is never limited); default: as diagnoses. */
  commands?: { perUser: Limit; perChannel: Limit };
}

/** Null: go ahead. Otherwise stay quiet for this reason, or answer with this notice instead. */
export type Verdict = null | { ignore: IgnoreReason } | { notice: Reply };

export interface Limits {
  asked(channel: ChannelRef, user: string, now: Date): Promise<Verdict>;
  unasked(channel: ChannelRef, now: Date): Promise<Verdict>;
  /** Null when the command may run; otherwise the private answer instead. */
  command(channel: ChannelRef, user: string, now: Date): Promise<Reply | null>;
}

/** No limits at all (tests, benchmarks, the terminal chat). */
export const NO_LIMITS: Limits = {
  asked: async () => null,
  unasked: async () => null,
  command: async () => null,
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function storeLimits(
  settings: LimitSettings,
  store: Pick<EventGuardPort, 'takeRate' | 'claimDelivery'>,
  log: Logger,
): Limits {
  const commands = settings.commands ?? { perUser: settings.perUser, perChannel: settings.perChannel };
  const key = (c: ChannelRef) => `${c.platform}/${c.workspace}/${c.channel}`;
  const failOpen = (what: string) => (err: unknown) => {
    log.warn(`could not check ${what}; answering anyway`, { error: (err as Error).message });
    return null;
  };
  const take = (k: string, limit: Limit, now: Date): Promise<RateTake | null> =>
    store.takeRate(k, limit, now).catch(failOpen('a rate limit'));
  const over = (t: RateTake | null): RateTake | null => (t && t.verdict !== 'ok' ? t : null);
  const refusal = (t: RateTake | null): Verdict => {
    if (!t || t.verdict === 'ok') return null;
    if (t.verdict === 'refused') return { ignore: 'rate-limited' };
    return {
      notice: noticeReply(
        'That is a lot of logs in a short time',
        `I will take the next one in about ${seconds(t.retryAfterMs)} s; until then I stay quiet.`,
      ),
    };
  };
  return {
    async asked(channel, user, now) {
      const byUser = await take(`diagnose/user/${key(channel)}/${user}`, settings.perUser, now);
      return (
        refusal(byUser) ?? refusal(await take(`diagnose/channel/${key(channel)}`, settings.perChannel, now))
      );
    },
    async unasked(channel, now) {
      // A cool-down of 0 is none (the store would hold a claim for a millisecond).
      if (settings.listenCooldownMs > 0) {
        const free = await store
          .claimDelivery(`cooldown/${key(channel)}`, now, settings.listenCooldownMs)
          .catch(failOpen('the listening cool-down'));
        if (free === false) return { ignore: 'cooldown' };
      }
      const byChannel = await take(`diagnose/channel/${key(channel)}`, settings.perChannel, now);
      return over(byChannel) ? { ignore: 'rate-limited' } : null;
    },
    async command(channel, user, now) {
      const t =
        over(await take(`command/user/${key(channel)}/${user}`, commands.perUser, now)) ??
        over(await take(`command/channel/${key(channel)}`, commands.perChannel, now));
      if (!t) return null;
      return t.verdict === 'notice'
        ? noticeReply(
            'That is a lot of commands in a short time',
            `Try again in about ${seconds(t.retryAfterMs)} s. \`/crash help\` still works.`,
          )
        : noticeReply('Still too many commands', 'Try again in a minute.');
    },
  };
}
