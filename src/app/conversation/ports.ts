// What a chat surface plugs into the pipeline: small ports of translation, no policy.
// The adapter turns platform events into Incoming values (incoming.ts) and supplies
// - a ReplyChannel per place (post / edit / remove one platform message, and render a
//   Reply into such messages), rebuilt from plain data alone;
// - an AttachmentSource (bytes of an attached file, or why they cannot be had);
// - a few optional hooks for what only the platform can do (join a channel, read the
//   message that opened a thread, answer privately).
// Retries are the SDK's own (Bolt's WebClient, discord.js REST): a channel reports a
// failure once, as a DeliveryError of one of four kinds, and the pipeline never retries.
import type { Reply, ReplyKind } from '../../core/reply/model.js';
import type { Logger } from '../logger.js';
import type { AttachmentRef, Incoming, Place } from './incoming.js';

/** Rich formatting (Block Kit, embeds), or plain text when the platform refused it. */
export type Style = 'rich' | 'plain';

/**
 * Why a message could not be posted, edited or removed: the content was refused
 * (try plain text), the target is gone (deleted message, expired interaction), the
 * bot may not post there, or anything else (after the SDK's own retries).
 */
export type DeliveryFailure = 'refused' | 'gone' | 'forbidden' | 'failed';

export class DeliveryError extends Error {
  constructor(
    readonly failure: DeliveryFailure,
    /** The platform's code (`not_in_channel`, `50013`), for the log. */
    readonly code: string,
    message: string,
    /** What would fix it, for whoever runs the bot ("give the bot Send Messages here"). */
    readonly fix?: string,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Where a reply to a message goes: its place (with the thread), and on surfaces that answer by replying to a message, that message. */
export interface Target {
  place: Place;
  replyTo?: string;
}

/** One place replies are posted to. `M` is the platform's message (Slack blocks, a Discord body). */
export interface ReplyChannel<M = unknown> {
  /** The reply as the platform's messages, first to last. */
  render(reply: Reply, style: Style): M[];
  /** An answer that may take a while has begun (Discord then shows "thinking..." in time). */
  begin?(o: { private: boolean }): void;
  /** Posts one message; returns its id ('' when the platform gives none). Throws a DeliveryError. */
  post(m: M, o: { part: number; private: boolean; key?: string }): Promise<string>;
  /**
   * The ids of the messages this bot already posted here under `key` (part 0 first), []
   * when none: an answer an instance sent just before it was killed. Absent where the
   * platform drops a repeated `key` itself (Discord's nonce). Throws a DeliveryError when
   * it cannot tell.
   */
  posted?(key: string): Promise<string[]>;
  edit(id: string, m: M): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Why a file's bytes could not be had: its host is not the platform's, the bot may not read it, or the download failed. */
export interface SourceRefusal {
  problem: 'not-allowed' | 'no-access' | 'unreachable';
  detail: string;
  /** What would fix it, in the platform's terms ("add the files:read scope"). */
  fix?: string;
}

export interface AttachmentSource {
  /** Fills in what the event left out (a file listed by id only); optional. */
  resolve?(ref: AttachmentRef, signal: AbortSignal): Promise<AttachmentRef>;
  /** Starts the download: the body (the pipeline caps and decodes it), or why not. */
  open(ref: AttachmentRef, signal: AbortSignal): Promise<ReadableStream<Uint8Array> | SourceRefusal>;
}

export interface SurfaceInfo {
  platform: string;
  /** Slack answers a message in its thread; Discord with a reply to it. */
  replies: 'thread' | 'reply';
  /** An interaction must be answered through its handle (Discord), not only may be (Slack). */
  interactionsNeedAnswer: boolean;
  /** How people reach the "Diagnose crash" action here, for the notices. */
  diagnoseAction?: string;
  /** `/crash help` in this surface's syntax (Discord's options); the shared help otherwise. */
  help?: Reply;
  /** How people address the bot here (`@crashbot`), for the welcome. */
  mention?: string | undefined;
  /** false where no channel settings can act (the terminal: it answers everything and posts no summary). */
  settings?: boolean;
}

export interface Surface {
  readonly info: SurfaceInfo;
  /** Absent where messages carry no files (the terminal). */
  readonly attachments?: AttachmentSource;
  /** The channel where replies at `target` are posted, edited and removed; `log` is the event's. */
  at(target: Target, log: Logger): ReplyChannel;
  /** The channel that answers an interaction through its `respond` handle. */
  respond?(incoming: Incoming, log: Logger): ReplyChannel;
  /** A private answer to `user` without a handle (Slack's ephemeral messages). */
  privately?(place: Place, user: string, log: Logger): ReplyChannel;
  /** The message that opened the thread at `place`: a bare mention in a thread is about it. */
  threadStart?(place: Place): Promise<{ text: string; attachments: AttachmentRef[] } | null>;
  /**
   * Whether `user` may change the channel's settings (listening, the summary): the
   * platform's channel managers. Asked only for a settings command whose Incoming does
   * not say already; undefined: anyone may (a direct message). Must not throw: when the
   * platform cannot say, no one may.
   */
  mayManage?(place: Place, user: string): Promise<boolean | undefined>;
  /** Listening or the weekly summary was turned on: what the surface must do (join the channel), and a line for the answer. */
  turnedOn?(place: Place, what: 'listening' | 'summary'): Promise<string | null>;
}

export type IgnoreReason =
  | 'not-a-crash'
  | 'empty'
  | 'listening-off'
  | 'rate-limited'
  | 'cooldown'
  /** A follow-up in a conversation changed nothing its answer says (ordinary talk). */
  | 'nothing-new';

/** What the pipeline reports as it happens: the metrics count it. Every hook is optional. */
export interface ConversationEvents {
  /** An event was handled (or failed) after `seconds`. */
  handled?(kind: 'message' | 'command', seconds: number): void;
  ignored?(reason: IgnoreReason): void;
  /** A message was diagnosed: its top cause (`none` when no cause was found) and how it came. */
  diagnosed?(cause: string, mode: string): void;
  /** A reply was handed to the surface to send. */
  replied?(platform: string, kind: ReplyKind): void;
  command?(platform: string): void;
  /** Something failed: the store, a delivery, a handler, or a front end itself (a listener, the connection). */
  failed?(kind: 'store' | 'delivery' | 'handler' | 'frontend'): void;
}
