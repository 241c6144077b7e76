// One ReplyBlock -> Slack blocks, each inside Slack's per-block limits: a long quote,
// list or snippet becomes several sections rather than a refused post.
import type { types } from '@slack/bolt';
import type { ReplyAction, ReplyBlock } from '../../core/reply/model.js';
import type { CheckStatus } from '../../core/types.js';
import { escapeCode, FENCE_OVERHEAD, fence, inlineMrkdwn, truncate, truncateMrkdwn } from './mrkdwn.js';

export const SLACK_LIMITS = {
  sectionText: 3000,
  fieldText: 2000,
  fieldsPerSection: 10,
  headerText: 150,
  contextText: 2000,
  buttonText: 75,
  buttonValue: 2000,
  blocksPerMessage: 50,
  /** Slack refuses (msg_blocks_too_long) a message whose blocks hold much over 12,000 characters. */
  textPerMessage: 11_000,
} as const;

export type SlackBlock =
  | types.SectionBlock
  | types.HeaderBlock
  | types.ContextBlock
  | types.DividerBlock
  | types.ActionsBlock
  | types.ImageBlock;

const STATUS_EMOJI: Record<CheckStatus, string> = {
  fail: ':x:',
  warn: ':warning:',
  ok: ':white_check_mark:',
  todo: ':grey_question:',
};

export function section(text: string): types.SectionBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

export function header(title: string): types.HeaderBlock {
  return {
    type: 'header',
    text: {
      type: 'plain_text',
      text: truncate(title.trim() || 'crashbot', SLACK_LIMITS.headerText),
      emoji: true,
    },
  };
}

export function context(mrkdwn: string): types.ContextBlock {
  return {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: truncateMrkdwn(mrkdwn, SLACK_LIMITS.contextText) }],
  };
}

export function actionsBlock(actions: readonly ReplyAction[]): types.ActionsBlock {
  return {
    type: 'actions',
    block_id: 'crashbot-feedback',
    elements: actions.map((a) => ({
      type: 'button',
      action_id: a.id,
      text: { type: 'plain_text', text: truncate(a.label, SLACK_LIMITS.buttonText) },
      value: a.value.slice(0, SLACK_LIMITS.buttonValue),
    })),
  };
}

/**
 * Packs lines into chunks of at most `budget` characters joined by newlines; a line
 * longer than the budget on its own is cut.
 */
export function pack(lines: readonly string[], budget: number): string[] {
  const chunks: string[] = [];
  let current: string | null = null;
  for (const raw of lines) {
    const line = truncateMrkdwn(raw, budget);
    if (current !== null && current.length + 1 + line.length <= budget) current = `${current}\n${line}`;
    else {
      if (current !== null) chunks.push(current);
      current = line;
    }
  }
  if (current !== null) chunks.push(current);
  return chunks;
}

/** A titled run of lines as sections; `wrap` turns a chunk into its section text. */
function titled(title: string | undefined, lines: readonly string[], wrap = (s: string) => s, overhead = 0) {
  const head = title ? `*${truncateMrkdwn(inlineMrkdwn(title), 200)}*\n` : '';
  const chunks = pack(lines, SLACK_LIMITS.sectionText - overhead - head.length);
  if (chunks.length === 0) return head ? [section(head.trimEnd())] : [];
  return chunks.map((c, i) => section(`${i === 0 ? head : ''}${wrap(c)}`));
}

export function renderBlock(b: ReplyBlock): SlackBlock[] {
  switch (b.type) {
    case 'heading':
      return [section(`*${truncateMrkdwn(inlineMrkdwn(b.text), SLACK_LIMITS.sectionText - 2)}*`)];
    case 'text':
      return b.text.trim() ? titled(undefined, b.text.split('\n').map(inlineMrkdwn)) : [];
    case 'quote': {
      const width = String(Math.max(0, ...b.lines.map((l) => l.line))).length;
      const lines = b.lines.map((l) => escapeCode(`${String(l.line).padStart(width)} | ${l.text}`));
      return titled(b.title, lines, fence, FENCE_OVERHEAD);
    }
    case 'code':
      return titled(b.title, b.code.trimEnd().split('\n').map(escapeCode), fence, FENCE_OVERHEAD);
    case 'list':
      return titled(
        b.title,
        b.items.map((i) => {
          const mark = i.status ? `${STATUS_EMOJI[i.status]} ` : '• ';
          const detail = i.detail ? `\n      ${inlineMrkdwn(i.detail)}` : '';
          return truncateMrkdwn(`${mark}${inlineMrkdwn(i.text)}${detail}`, SLACK_LIMITS.sectionText - 250);
        }),
      );
    case 'fields':
      return fieldSections(b.title, b.fields);
    case 'divider':
      return [{ type: 'divider' }];
  }
}

function fieldSections(title: string | undefined, fields: readonly { label: string; value: string }[]) {
  const out: types.SectionBlock[] = [];
  for (let i = 0; i < fields.length; i += SLACK_LIMITS.fieldsPerSection) {
    const group = fields.slice(i, i + SLACK_LIMITS.fieldsPerSection).map((f) => ({
      type: 'mrkdwn' as const,
      text: truncateMrkdwn(`*${inlineMrkdwn(f.label)}*\n${inlineMrkdwn(f.value)}`, SLACK_LIMITS.fieldText),
    }));
    const block: types.SectionBlock = { type: 'section', fields: group };
    if (i === 0 && title)
      block.text = { type: 'mrkdwn', text: `*${truncateMrkdwn(inlineMrkdwn(title), 200)}*` };
    out.push(block);
  }
  return out;
}
