// The chat use cases every front end shares (Slack, Discord, the terminal chat):
// diagnose a message and keep its record, answer `/crash ...`, take feedback, build a
// channel's summary. Adapters translate platform events into these calls and render
// the Replies; nothing here knows a platform.
import type { KnowledgeBase } from '../core/knowledge.js';
import type { Limit, RateTake } from '../core/rate-limit.js';
import type { Reply } from '../core/reply/model.js';
import { isoWeekKey, weekRange } from '../core/schedule.js';
import type { Diagnosis } from '../core/types.js';
import { exitCodeCommandReply, helpReply, noticeReply } from './command-replies.js';
import { parseCrashCommand } from './crash-command.js';
import { diagnoseMessage, type MessageMode } from './diagnose-message.js';
import type { ChannelRef, CrashStore, FeedbackVerdict } from './ports.js';
import { type SettingsReplyDeps, settingsCommandReply } from './settings-replies.js';
import { buildChannelSummary } from './summary/build.js';

export interface BotLogger {
  warn(message: string, data?: Record<string, unknown>): void;
}

export interface BotDeps {
  kb: KnowledgeBase;
  store: CrashStore;
  now: () => Date;
  /** The default time zone for weeks and summaries. */
  timezone: string;
  maxLogBytes: number;
  /** SVG -> PNG for the weekly chart; without it summaries carry no image. */
  chartPng?: (svg: string) => Uint8Array;
  logger?: BotLogger;
  /** Abuse limits; without them every message is answered (tests, benchmarks). */
  limits?: BotLimits;
}

export interface BotLimits {
  /** Diagnoses one person may ask for per window. */
  perUser: Limit;
  /** Diagnoses per channel per window, asked or unasked. */
  perChannel: Limit;
  /** After an unasked (listening) reply, the channel gets no other unasked reply for this long. */
  listenCooldownMs: number;
  /**
   * `/crash` commands per person and per channel (counted apart from diagnoses; `help`
   * is never limited). Default: the same numbers as for diagnoses.
   */
  commands?: { perUser: Limit; perChannel: Limit };
}

export interface ChatMessage {
  channel: ChannelRef;
  userId: string;
  text: string;
  mode: MessageMode;
  link?: string;
  /** An edit of a message answered before (mode may still be 'listen'): its record is replaced, not added to. */
  edited?: boolean;
}

export type BotOutcome =
  | { kind: 'reply'; reply: Reply; diagnosis: Diagnosis | null; recordId: number | null }
  | { kind: 'ignore'; reason: 'not-a-crash' | 'empty' | 'listening-off' | 'rate-limited' | 'cooldown' };

export interface CommandOutcome {
  reply: Reply;
  /** Whether the answer is for the whole channel (otherwise only the person who asked sees it). */
  public: boolean;
}

export interface Bot {
  handleMessage(msg: ChatMessage): Promise<BotOutcome>;
  handleCommand(channel: ChannelRef, userId: string, text: string): Promise<CommandOutcome>;
  handleFeedback(
    recordId: number,
    channel: ChannelRef,
    userId: string,
    verdict: FeedbackVerdict,
  ): Promise<Reply>;
  /** The channel's summary of `week` (default: the current week); `empty` when it had no crashes. */
  summary(channel: ChannelRef, week?: string): Promise<{ reply: Reply; empty: boolean }>;
}

export function createBot(deps: BotDeps): Bot {
  const titleOf = (id: string) => deps.kb.causes.get(id)?.title ?? id;
  const timeZoneOf = async (channel: ChannelRef) =>
    (await deps.store.getSettings(channel)).timeZone ?? deps.timezone;

  const summary = async (channel: ChannelRef, week?: string): Promise<{ reply: Reply; empty: boolean }> => {
    const tz = await timeZoneOf(channel);
    const key = week ?? isoWeekKey(deps.now(), tz);
    const built = await buildChannelSummary(
      { store: deps.store, titleOf, ...(deps.chartPng && { chartPng: deps.chartPng }) },
      channel,
      key,
      tz,
    );
    return { reply: built.reply, empty: built.empty };
  };

  const guard = deps.limits ? createGuard(deps.limits, deps.store, deps.logger) : null;

  return {
    async handleMessage(msg) {
      if (msg.mode === 'listen' && !(await deps.store.getSettings(msg.channel)).listening) {
        return { kind: 'ignore', reason: 'listening-off' };
      }
      const now = deps.now();
      // Asked-for diagnoses are limited before the work; unasked ones once they turn out to be crashes.
      if (guard && (msg.mode === 'mention' || msg.mode === 'shortcut')) {
        const verdict = await guard.asked(msg.channel, msg.userId, now);
        if (verdict) return verdict;
      }
      const outcome = diagnoseMessage({ kb: deps.kb, maxLogBytes: deps.maxLogBytes }, msg.text, msg.mode);
      if (outcome.kind === 'ignore') return outcome;
      if (guard && msg.mode === 'listen' && !msg.edited) {
        const verdict = await guard.unasked(msg.channel, now);
        if (verdict) return verdict;
      }
      if (outcome.kind === 'too-large')
        return { kind: 'reply', reply: outcome.reply, diagnosis: null, recordId: null };
      const { diagnosis } = outcome;
      if (!worthRecording(diagnosis))
        return { kind: 'reply', reply: outcome.reply, diagnosis, recordId: null };
      try {
        const at = deps.now();
        const record = await deps.store.recordDiagnosis(diagnosis, {
          channel: msg.channel,
          userId: msg.userId,
          at,
          ...(msg.link && { messageLink: msg.link }),
          ...((msg.mode === 'edit' || msg.edited) && { replacesEarlier: true }),
        });
        const tz = await timeZoneOf(msg.channel);
        const seen = await deps.store.countSimilar(
          msg.channel,
          diagnosis.fingerprint,
          weekRange(isoWeekKey(at, tz), tz).start,
        );
        const reply: Reply = {
          ...outcome.reply,
          footer: seenFooter(seen),
          actions: [
            { id: 'feedback-fixed', label: 'Fixed it', value: String(record.id) },
            { id: 'feedback-wrong', label: 'Wrong cause', value: String(record.id) },
          ],
        };
        return { kind: 'reply', reply, diagnosis, recordId: record.id };
      } catch (err) {
        // The store being down must not cost the user the diagnosis.
        deps.logger?.warn('could not record a diagnosis', { error: (err as Error).message });
        return { kind: 'reply', reply: outcome.reply, diagnosis, recordId: null };
      }
    },

    async handleCommand(channel, userId, text) {
      const cmd = parseCrashCommand(text);
      if (guard && cmd.kind !== 'help') {
        const refusal = await guard.command(channel, userId, deps.now());
        if (refusal) return { reply: refusal, public: false };
      }
      switch (cmd.kind) {
        case 'help':
          return { reply: helpReply(), public: false };
        case 'invalid':
          return { reply: noticeReply('I did not understand that', cmd.message), public: false };
        case 'exit-code':
          return { reply: exitCodeCommandReply(deps.kb, cmd.code), public: cmd.public };
        case 'summary':
          return { reply: (await summary(channel)).reply, public: false };
        default: {
          const settingsDeps: SettingsReplyDeps = {
            store: deps.store,
            now: deps.now,
            timezone: deps.timezone,
          };
          return { reply: await settingsCommandReply(settingsDeps, channel, cmd), public: true };
        }
      }
    },

    async handleFeedback(recordId, channel, userId, verdict) {
      const result = await deps.store.addFeedback({ recordId, channel, userId, verdict, at: deps.now() });
      if (!result.ok) return noticeReply('That reply is no longer on record', 'Thanks anyway.');
      return verdict === 'fixed'
        ? noticeReply('Thanks: marked as fixed', "It counts towards this channel's weekly summary.")
        : noticeReply(
            'Thanks: marked as the wrong cause',
            "It counts towards this channel's weekly summary and helps improve the rules.",
          );
    },

    summary,
  };
}

/** Only crashes are kept: a mention with ordinary text gets an answer but no record. */
function worthRecording(d: Diagnosis): boolean {
  return d.causes.length > 0 || d.exitCode !== null || d.crashReport;
}

export function seenFooter(count: number): string {
  return count <= 1
    ? 'First time this crash was seen in this channel this week.'
    : `Seen ${count} times in this channel this week.`;
}

interface Guard {
  /** Null when the asked-for diagnosis may go ahead; otherwise the polite notice once, then silence. */
  asked(channel: ChannelRef, userId: string, now: Date): Promise<BotOutcome | null>;
  /** Null when an unasked reply may go out in this channel now. */
  unasked(channel: ChannelRef, now: Date): Promise<BotOutcome | null>;
  /** Null when the command may run; otherwise the (private) answer instead. */
  command(channel: ChannelRef, userId: string, now: Date): Promise<Reply | null>;
}

/**
 * The limits live in the store, so every instance on one database counts the same
 * requests and only one of them says the notice. If the store fails, the request is
 * answered (and a warning logged): a limit must not cost a diagnosis.
 */
function createGuard(
  limits: BotLimits,
  store: Pick<CrashStore, 'takeRate' | 'claimDelivery'>,
  logger: BotLogger | undefined,
): Guard {
  const commands = limits.commands ?? { perUser: limits.perUser, perChannel: limits.perChannel };
  const key = (c: ChannelRef) => `${c.platform}/${c.workspace}/${c.channel}`;
  const failOpen = (what: string) => (err: unknown) => {
    logger?.warn(`could not check ${what}; answering anyway`, { error: (err as Error).message });
    return null;
  };
  const take = (k: string, limit: Limit, now: Date): Promise<RateTake | null> =>
    store.takeRate(k, limit, now).catch(failOpen('a rate limit'));
  const notice = (retryAfterMs: number): Reply =>
    noticeReply(
      'That is a lot of logs in a short time',
      `I will take the next one in about ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s; until then I stay quiet.`,
    );
  const refusal = (t: RateTake | null): BotOutcome | null => {
    if (!t || t.verdict === 'ok') return null;
    if (t.verdict === 'refused') return { kind: 'ignore', reason: 'rate-limited' };
    return { kind: 'reply', reply: notice(t.retryAfterMs), diagnosis: null, recordId: null };
  };
  return {
    async asked(channel, userId, now) {
      const user = await take(`diagnose/user/${key(channel)}/${userId}`, limits.perUser, now);
      return refusal(user) ?? refusal(await take(`diagnose/channel/${key(channel)}`, limits.perChannel, now));
    },
    async unasked(channel, now) {
      const free = await store
        .claimDelivery(`cooldown/${key(channel)}`, now, limits.listenCooldownMs)
        .catch(failOpen('the listening cool-down'));
      if (free === false) return { kind: 'ignore', reason: 'cooldown' };
      // Unasked replies never announce a limit: they just stop.
      const chan = await take(`diagnose/channel/${key(channel)}`, limits.perChannel, now);
      return chan && chan.verdict !== 'ok' ? { kind: 'ignore', reason: 'rate-limited' } : null;
    },
    async command(channel, userId, now) {
      const over =
        rejected(await take(`command/user/${key(channel)}/${userId}`, commands.perUser, now)) ??
        rejected(await take(`command/channel/${key(channel)}`, commands.perChannel, now));
      if (!over) return null;
      // A command must be answered (Discord shows an error otherwise): privately, and briefly after the first time.
      return over.verdict === 'notice'
        ? noticeReply(
            'That is a lot of commands in a short time',
            `Try again in about ${Math.max(1, Math.ceil(over.retryAfterMs / 1000))} s. \`/crash help\` still works.`,
          )
        : noticeReply('Still too many commands', 'Try again in a minute.');
    },
  };
}

const rejected = (t: RateTake | null): RateTake | null => (t && t.verdict !== 'ok' ? t : null);
