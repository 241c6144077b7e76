// The chat use cases every surface shares: diagnose a text, keep its record (with the
// "seen N times" footer and the feedback buttons), answer `/crash ...`, take feedback,
// build a channel's summary. No policy about who is answered when: that is the
// conversation pipeline's (src/app/conversation). Nothing here knows a platform.
import { earlierFingerprint } from '../core/fingerprint.js';
import type { KnowledgeBase } from '../core/knowledge.js';
import type { Reply } from '../core/reply/model.js';
import { isoWeekKey, weekRange } from '../core/schedule.js';
import type { Diagnosis, ImageReading } from '../core/types.js';
import { exitCodeCommandReply, helpReply, noticeReply } from './command-replies.js';
import type { CrashCommand } from './crash-command.js';
import { diagnoseMessage, type MessageMode, type MessageOutcome } from './diagnose-message.js';
import type { ChannelRef, CrashStore, FeedbackVerdict, FixedBefore } from './ports.js';
import { settingsCommandReply } from './settings-replies.js';
import { buildChannelSummary } from './summary/build.js';

export interface BotDeps {
  kb: KnowledgeBase;
  store: CrashStore;
  now: () => Date;
  /** The default time zone for weeks and summaries. */
  timezone: string;
  maxLogBytes: number;
  /** SVG -> PNG for the weekly chart; without it summaries carry no image. */
  chartPng?: (svg: string) => Uint8Array;
}

/** Where a diagnosed message came from, for its record. */
export interface RecordMeta {
  channel: ChannelRef;
  userId: string;
  link?: string;
  /** An edit of a message answered before: its record replaces the earlier one. */
  edited?: boolean;
  /** The record this one replaces (a thread's first log read again with a follow-up). */
  replacesRecord?: number;
}

export interface Kept {
  reply: Reply;
  recordId: number | null;
  /** Why the record could not be kept (the reply goes out without it). */
  error?: string;
}

export interface CommandOutcome {
  reply: Reply;
  /** Whether the answer is for the whole channel (otherwise only the person who asked sees it). */
  public: boolean;
}

export interface Bot {
  /** A text -> its reply, or why to stay quiet (listening: ordinary talk). Pure. */
  /** `image`: how a screenshot in the message was read, when its text is part of `text`. */
  diagnose(text: string, mode: MessageMode, image?: ImageReading): MessageOutcome;
  /** Stores a diagnosis worth keeping and adds the seen-count footer and the feedback buttons. */
  keep(reply: Reply, diagnosis: Diagnosis, meta: RecordMeta): Promise<Kept>;
  /** `replies`: how the surface answers messages, for what `/crash listen on` promises. */
  handleCommand(
    channel: ChannelRef,
    cmd: CrashCommand,
    replies?: 'thread' | 'reply',
  ): Promise<CommandOutcome>;
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

  return {
    diagnose: (text, mode, image) =>
      diagnoseMessage({ kb: deps.kb, maxLogBytes: deps.maxLogBytes }, text, mode, image),

    async keep(reply, diagnosis, meta) {
      if (!worthRecording(diagnosis)) return { reply, recordId: null };
      try {
        const at = deps.now();
        const record = await deps.store.recordDiagnosis(diagnosis, {
          channel: meta.channel,
          userId: meta.userId,
          at,
          ...(meta.link && { messageLink: meta.link }),
          ...(meta.edited && { replacesEarlier: true }),
          ...(meta.replacesRecord !== undefined && { replacesRecord: meta.replacesRecord }),
        });
        const tz = await timeZoneOf(meta.channel);
        const fps = sameCrash(diagnosis);
        const [seen, fixed] = await Promise.all([
          deps.store.countSimilar(meta.channel, fps, weekRange(isoWeekKey(at, tz), tz).start),
          deps.store.lastFixed(meta.channel, fps),
        ]);
        return {
          reply: {
            ...reply,
            blocks: fixed ? [...reply.blocks, { type: 'text', text: fixedBefore(fixed, tz) }] : reply.blocks,
            footer: seenFooter(seen),
            actions: [
              { id: 'feedback-fixed', label: 'Fixed it', value: String(record.id) },
              { id: 'feedback-wrong', label: 'Wrong cause', value: String(record.id) },
            ],
          },
          recordId: record.id,
        };
      } catch (err) {
        // The store being down must not cost the user the diagnosis.
        return { reply, recordId: null, error: (err as Error).message };
      }
    },

    async handleCommand(channel, cmd, replies = 'thread') {
      switch (cmd.kind) {
        case 'help':
          return { reply: helpReply(), public: false };
        case 'invalid':
          return { reply: noticeReply('I did not understand that', cmd.message), public: false };
        case 'exit-code':
          return { reply: exitCodeCommandReply(deps.kb, cmd.code), public: cmd.public };
        case 'summary':
          return { reply: (await summary(channel)).reply, public: false };
        default:
          return {
            reply: await settingsCommandReply(
              { store: deps.store, now: deps.now, timezone: deps.timezone, replies },
              channel,
              cmd,
            ),
            public: true,
          };
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

/** The fingerprints records of this crash may carry: the current one and the one kept before fp2. */
export function sameCrash(d: Diagnosis): string[] {
  return [d.fingerprint, earlierFingerprint(d)];
}

/** Only crashes are kept: a mention with ordinary text gets an answer but no record. */
function worthRecording(d: Diagnosis): boolean {
  return d.causes.length > 0 || d.exitCode !== null || d.crashReport;
}

/** What fixed this crash last time: when "Fixed it" was pressed on a reply to it, and where to read what was done. */
export function fixedBefore(f: FixedBefore, timeZone: string): string {
  const day = f.at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  return f.link
    ? `Fixed before: on ${day} someone pressed "Fixed it" on the answer to this crash; what they did is in that conversation: ${f.link}`
    : `Fixed before: on ${day} someone pressed "Fixed it" on the answer to this crash in this channel.`;
}

export function seenFooter(count: number): string {
  return count <= 1
    ? 'First time this crash was seen in this channel this week.'
    : `Seen ${count} times in this channel this week.`;
}
