// What the Slack listeners share.
import type { KnowledgeBase } from '../../../core/knowledge.js';
import type { CrashStore } from '../../../store/types.js';
import type { ConversationDeps } from '../conversation.js';

export interface ListenerDeps extends ConversationDeps {
  kb: KnowledgeBase;
  /** Read before downloading files for a listened message: a channel that does not listen costs nothing. */
  store: Pick<CrashStore, 'getSettings'>;
  /** The Bot's text limit, for judging an edit's earlier text. */
  maxLogBytes: number;
}
