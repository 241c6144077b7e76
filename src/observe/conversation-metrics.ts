// The conversation pipeline's events counted as metrics, where they happen: diagnoses
// by cause and mode, replies by platform and kind, messages left unanswered and why,
// commands, errors by kind, and how long handling an event took.
import type { ConversationEvents } from '../app/conversation/ports.js';
import type { BotMetrics } from './metrics.js';

export function conversationMetrics(metrics: BotMetrics): ConversationEvents {
  return {
    handled: (kind, seconds) => metrics.handling.observe({ kind }, seconds),
    ignored: (reason) => metrics.ignored.inc({ reason }),
    diagnosed: (cause, mode) => metrics.diagnoses.inc({ cause, mode }),
    replied: (platform, kind) => metrics.replies.inc({ platform, kind }),
    command: (platform) => metrics.commands.inc({ platform }),
    failed: (kind) => metrics.errors.inc({ kind }),
  };
}
