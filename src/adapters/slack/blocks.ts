// Reply -> one or more Slack messages of Block Kit. Secrets are redacted first. The
// first message carries the title as a header; what does not fit Slack's 50 blocks or
// its text budget goes into follow-up messages, and the footer and the feedback
// buttons close the last one.
import type { Reply, ReplyFile } from '../../core/reply/model.js';
import { redactReply } from '../../core/reply/redact.js';
import { renderText } from '../../core/reply/render-text.js';
import { actionsBlock, context, header, renderBlock, SLACK_LIMITS, type SlackBlock } from './block-parts.js';
import { codeBlockMrkdwn, escapeMrkdwn, inlineMrkdwn, truncate } from './mrkdwn.js';

export interface SlackMessage {
  /** The notification and fallback text. */
  text: string;
  blocks: SlackBlock[];
  /** Files to show with it where the message cannot carry them itself (images.ts). */
  files?: readonly ReplyFile[];
}

export function renderSlackMessages(reply: Reply): SlackMessage[] {
  const r = redactReply(reply);
  const body = r.blocks.flatMap(renderBlock);
  const tail: SlackBlock[] = [];
  if (r.footer) tail.push(context(inlineMrkdwn(r.footer)));
  if (r.actions?.length) tail.push(actionsBlock(r.actions));

  // Room kept in every message for the "continued" line of a follow-up.
  const maxBlocks = SLACK_LIMITS.blocksPerMessage - 1;
  const maxText = SLACK_LIMITS.textPerMessage - 100;
  const groups: SlackBlock[][] = [[header(r.title)]];
  const fits = (group: SlackBlock[], more: readonly SlackBlock[]) =>
    group.length + more.length <= maxBlocks && textSize(group) + textSize(more) <= maxText;
  for (const block of body) {
    const last = groups.at(-1)!;
    if (fits(last, [block])) last.push(block);
    else groups.push([block]);
  }
  if (tail.length) {
    const last = groups.at(-1)!;
    if (fits(last, tail)) last.push(...tail);
    else groups.push(tail);
  }

  const title = truncate(escapeMrkdwn(r.title), 3000);
  return groups.map((blocks, i) =>
    i === 0
      ? { text: title, blocks }
      : {
          text: `${title} (continued)`,
          blocks: [context(`_continued (${i + 1} of ${groups.length})_`), ...blocks],
        },
  );
}

/** The reply as one plain message without blocks: what is posted when Slack refuses the blocks. */
export function renderPlainMessage(reply: Reply): SlackMessage {
  const r = redactReply(reply);
  const text = renderText({ ...r, actions: [], files: [] });
  return { text: codeBlockMrkdwn(truncate(text, 3800)), blocks: [] };
}

/** Characters of text a block holds, as Slack counts them towards a message's budget. */
export function textSize(blocks: readonly SlackBlock[]): number {
  let n = 0;
  for (const b of blocks) {
    switch (b.type) {
      case 'section':
        n += (b.text?.text.length ?? 0) + (b.fields ?? []).reduce((s, f) => s + f.text.length, 0);
        break;
      case 'header':
        n += b.text.text.length;
        break;
      case 'context':
        n += b.elements.reduce(
          (s, e) => s + ('text' in e && typeof e.text === 'string' ? e.text.length : 0),
          0,
        );
        break;
      case 'actions':
        n += b.elements.reduce((s, e) => s + ('text' in e && e.text ? e.text.text.length : 0), 0);
        break;
      case 'divider':
      case 'image':
        break;
    }
  }
  return n;
}
