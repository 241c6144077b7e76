// The conversation pipeline as the adapter tests run it: the real bot and a real store,
// claims in that store, no abuse limits unless given, and the log lines collected.
import { type Bot, createBot } from '../../src/app/bot.js';
import { DEFAULT_ATTACHMENT_POLICY, type ImageReader } from '../../src/app/conversation/attachments.js';
import { storeClaims } from '../../src/app/conversation/claims.js';
import { type Conversation, createConversation } from '../../src/app/conversation/conversation.js';
import { type Limits, NO_LIMITS } from '../../src/app/conversation/limits.js';
import type { ConversationEvents } from '../../src/app/conversation/ports.js';
import type { Logger } from '../../src/app/logger.js';
import { renderChartPng } from '../../src/app/summary/png.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { createLogger, type Level } from '../../src/observe/logger.js';
import type { CrashStore } from '../../src/store/types.js';

let kb: KnowledgeBase | undefined;
export function knowledge(): KnowledgeBase {
  if (!kb) {
    const loaded = loadKnowledge();
    if (!loaded.ok) throw new Error(`knowledge/ does not load: ${loaded.problems[0]?.message}`);
    kb = loaded.kb;
  }
  return kb;
}

export interface TestConversation {
  conversation: Conversation;
  bot: Bot;
  log: Logger;
}

export interface TestConversationOptions {
  store: CrashStore;
  maxLogBytes: number;
  logs: string[];
  level?: Level;
  now?: () => Date;
  /** Abuse limits, built on the test's store; none when absent. */
  limits?: (store: CrashStore) => Limits;
  events?: ConversationEvents;
  /** Wraps the bot the pipeline talks to (to slow it down, or make it fail). */
  wrapBot?: (bot: Bot) => Bot;
  attachmentTimeoutMs?: number;
  /** Screenshots are read with this (absent: images are not read). */
  images?: ImageReader;
}

export function testConversation(o: TestConversationOptions): TestConversation {
  const now = o.now ?? (() => new Date());
  const log = createLogger({ level: o.level ?? 'info', write: (t) => o.logs.push(t) });
  const bot = createBot({
    kb: knowledge(),
    store: o.store,
    now,
    timezone: 'UTC',
    maxLogBytes: o.maxLogBytes,
    chartPng: (svg) => renderChartPng(svg),
  });
  const conversation = createConversation({
    bot: o.wrapBot ? o.wrapBot(bot) : bot,
    settings: o.store,
    threads: o.store,
    claims: storeClaims(o.store, { log }),
    limits: o.limits ? o.limits(o.store) : NO_LIMITS,
    attachments: {
      ...DEFAULT_ATTACHMENT_POLICY,
      maxBytes: o.maxLogBytes,
      ...(o.attachmentTimeoutMs !== undefined && { timeoutMs: o.attachmentTimeoutMs }),
      ...(o.images && { images: o.images }),
    },
    now,
    log,
    ...(o.events && { events: o.events }),
  });
  return { conversation, bot, log };
}
