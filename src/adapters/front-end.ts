// What the composition root (src/main.ts) hands each chat front end, and what it gets
// back. Kept apart from main.ts so that adapters never import the root that imports them.
import type { Conversation } from '../app/conversation/conversation.js';
import type { ConversationEvents } from '../app/conversation/ports.js';
import type { Logger } from '../app/logger.js';
import type { ChannelRef } from '../app/ports.js';
import type { Config } from '../config/config.js';
import type { Reply } from '../core/reply/model.js';

export interface FrontEndContext {
  config: Config;
  /** The pipeline every event goes into: `attach` the surface, then hand it each Incoming. */
  conversation: Conversation;
  log: Logger;
  /** Where a front end reports its own failures (a listener that threw, a lost connection) as they happen. */
  events?: ConversationEvents;
}

/** A running chat front end (Slack, Discord). */
export interface ChatFrontEnd {
  readonly platform: string;
  /** Posts a reply to a channel: the weekly summary. `key` is stable per channel and week. */
  post(channel: ChannelRef, reply: Reply, key: string): Promise<void>;
  stop(): Promise<void>;
  /** Whether it is connected to its platform now (for /readyz); absent: always once started. */
  ready?(): boolean;
}

export type FrontEndStarter = (ctx: FrontEndContext) => Promise<ChatFrontEnd>;
