// The one way a Reply becomes Discord messages: secrets redacted first, then embeds,
// or plain content where embeds cannot be shown.
import type { Reply } from '../../../core/reply/model.js';
import { redactReply } from '../../../core/reply/redact.js';
import { renderEmbeds } from './embeds.js';
import type { DiscordMessage } from './message.js';
import { renderPlain } from './plain.js';

export type { DiscordMessage } from './message.js';

export function renderReply(reply: Reply, o: { embeds: boolean }): DiscordMessage[] {
  const clean = redactReply(reply);
  return o.embeds ? renderEmbeds(clean) : renderPlain(clean);
}
