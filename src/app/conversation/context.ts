// What every step of the pipeline works with, for one event: the shared parts (the bot's
// use cases, claims, limits, the reply index) and this event's surface and logger.
import type { Bot } from '../bot.js';
import type { Logger } from '../logger.js';
import type { ChannelRef, ChannelSettings, ThreadStorePort } from '../ports.js';
import type { AttachmentPolicy, AttachmentReader } from './attachments.js';
import type { ClaimPort } from './claims.js';
import type { Place } from './incoming.js';
import type { KeyedQueue } from './keyed-queue.js';
import type { Limits } from './limits.js';
import type { ConversationEvents, Surface } from './ports.js';
import type { ReplyIndex } from './reply-index.js';

export interface ConversationDeps {
  bot: Bot;
  settings: { getSettings(channel: ChannelRef): Promise<ChannelSettings> };
  claims: ClaimPort;
  /** The conversations answered, so follow-ups are read with their first log. */
  threads: ThreadStorePort;
  limits: Limits;
  attachments: AttachmentPolicy;
  now: () => Date;
  log: Logger;
  events?: ConversationEvents;
  /** How many answered messages are remembered for edits. */
  remember?: number;
}

/** The pipeline's shared state. */
export interface Shared {
  deps: ConversationDeps;
  events: ConversationEvents;
  reader: AttachmentReader;
  index: ReplyIndex;
  queue: KeyedQueue;
}

/** One event in the works. */
export interface Step extends Shared {
  surface: Surface;
  log: Logger;
}

/** How long a delivery (an event) is claimed: Slack retries and Discord sessions come within it. */
export const DELIVERY_LEASE_MS = 60 * 60_000;
/** How long "this message has an answer" is held, so an edit updates it instead of answering anew. */
export const ANSWER_LEASE_MS = 24 * 60 * 60_000;

export function channelOf(p: Place): ChannelRef {
  return { platform: p.platform, workspace: p.workspace, channel: p.channel };
}
