// What the Discord event handlers share: the client, the bot's use cases, the policies
// for files and interactions, the sender, and which messages were answered.
import type { Client } from 'discord.js';
import type { Bot } from '../../app/bot.js';
import type { CrashStore } from '../../store/types.js';
import type { AttachmentPolicy } from './attachments.js';
import type { Limiter } from './limiter.js';
import type { DiscordLog } from './log.js';
import type { Sender } from './sender.js';
import type { AnswerTracker, KeyedQueue } from './tracker.js';

export interface DiscordRuntime {
  client: Client;
  bot: Bot;
  /** Settings, and the claims that keep several instances from answering one event twice. */
  store: Pick<CrashStore, 'getSettings' | 'claimDelivery'>;
  log: DiscordLog;
  sender: Sender;
  /** The Message Content intent is on: messages without a mention can be read. */
  messageContent: boolean;
  attachments: AttachmentPolicy;
  /** Turns for file downloads, shared by every message. */
  downloads: Limiter;
  /** Answer an interaction directly when the work is done within this; otherwise defer first. */
  deferAfterMs: number;
  answers: AnswerTracker;
  queue: KeyedQueue;
  /** The clock for event stamps and claims (Date.now when absent). */
  now?: () => number;
}

export function botId(rt: DiscordRuntime): string | null {
  return rt.client.user?.id ?? null;
}
