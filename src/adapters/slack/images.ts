// A reply's files (the summary's chart) on the Slack messages that cannot carry a file:
// an answer through response_url and an ephemeral message. Each file is uploaded with
// files.uploadV2 and no channel, so it is shared nowhere and only the bot holds it, and
// shown as an image block that names the Slack file (Slack shows a file the poster may
// see). An upload Slack refuses, or a message Slack refuses with the image, leaves the
// message as text: the answer is never lost for its picture.
import type { types } from '@slack/bolt';
import type { Style } from '../../app/conversation/ports.js';
import type { Reply, ReplyFile } from '../../core/reply/model.js';
import { SLACK_LIMITS } from './block-parts.js';
import type { SlackMessage } from './blocks.js';

/** Uploads a file privately; its Slack id, or null when Slack refused it (uploads.ts). */
export type Upload = (file: ReplyFile) => Promise<string | null>;

/** The message with its files as image blocks (the same message when it has none, or none could be uploaded). */
export async function withImages(m: SlackMessage, upload: Upload | undefined): Promise<SlackMessage> {
  const files = (m.files ?? []).filter((f) => /^image\/(png|jpe?g|gif)$/.test(f.mime));
  if (!upload || files.length === 0) return m;
  const images: types.ImageBlock[] = [];
  for (const f of files) {
    if (m.blocks.length + images.length >= SLACK_LIMITS.blocksPerMessage) break;
    const id = await upload(f);
    if (id) images.push({ type: 'image', slack_file: { id }, alt_text: f.alt.slice(0, 2000) });
  }
  return images.length ? { ...m, blocks: [...m.blocks, ...images] } : m;
}

/** The rendered messages with the reply's files on the first one (rich style only: plain text shows none). */
export function withFiles(reply: Reply, style: Style, messages: SlackMessage[]): SlackMessage[] {
  const files = reply.files ?? [];
  if (style !== 'rich' || files.length === 0 || messages.length === 0) return messages;
  const [first, ...rest] = messages;
  return [{ ...first!, files }, ...rest];
}
