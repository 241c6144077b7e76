// Reply -> Markdown (for `diagnose --format markdown`, issue comments and CI summaries),
// and the same Markdown without HTML for chats that render Markdown but no HTML
// (Mattermost), as pieces a chat can split between messages. Secrets are redacted first.
import { CHECK_ICON } from './diagnosis.js';
import type { Reply, ReplyBlock } from './model.js';
import { redactReply } from './redact.js';

export interface MarkdownOptions {
  /** `<sub>` footers and `<br>` in lists (GitHub); false: plain Markdown only. */
  html: boolean;
}

export function renderMarkdown(given: Reply): string {
  return `${markdownPieces(given, { html: true }).join('\n\n').trimEnd()}\n`;
}

/** The title, each block and the footer as separate Markdown pieces, first to last. */
export function markdownPieces(given: Reply, o: MarkdownOptions): string[] {
  const reply = redactReply(given);
  const footer = reply.footer && escapeMd(reply.footer);
  return [
    `### ${escapeMd(reply.title)}`,
    ...reply.blocks.map((b) => block(b, o)),
    ...(footer ? [o.html ? `<sub>${footer}</sub>` : `_${footer}_`] : []),
  ];
}

function block(b: ReplyBlock, o: MarkdownOptions): string {
  switch (b.type) {
    case 'heading':
      return `#### ${escapeMd(b.text)}`;
    case 'text':
      return escapeMd(b.text);
    case 'quote':
      return [
        b.title ? `**${escapeMd(b.title)}**` : '',
        fence(b.lines.map((l) => `${l.line}: ${l.text}`).join('\n'), 'text'),
      ]
        .filter(Boolean)
        .join('\n');
    case 'fields':
      return [
        b.title ? `**${escapeMd(b.title)}**` : '',
        ...b.fields.map((f) => `- **${escapeMd(f.label)}**: ${escapeMd(f.value)}`),
      ]
        .filter(Boolean)
        .join('\n');
    case 'list':
      return [
        b.title ? `**${escapeMd(b.title)}**` : '',
        ...b.items.map(
          (i) =>
            `- ${i.status ? `${CHECK_ICON[i.status]} ` : ''}${escapeMd(i.text)}${i.detail ? `${o.html ? '<br>' : '\n  '}${escapeMd(i.detail)}` : ''}`,
        ),
      ]
        .filter(Boolean)
        .join('\n');
    case 'code':
      return [b.title ? `**${escapeMd(b.title)}**` : '', fence(b.code, FENCE_TAG[b.language] ?? b.language)]
        .filter(Boolean)
        .join('\n');
    case 'divider':
      return '---';
  }
}

/** Code-fence tags GitHub highlights under another name (cmd scripts are Batchfile). */
const FENCE_TAG: Readonly<Record<string, string>> = { cmd: 'batch' };

/** A fence longer than any backtick run inside, so pasted text cannot break out of it. */
export function fence(code: string, language: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${code}\n${ticks}`;
}

/** Escapes Markdown and HTML outside `code spans`, which are kept as they are. */
export function escapeMd(text: string): string {
  return text
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[\\*_[\]<>#|~]/g, (c) => `\\${c}`)))
    .join('');
}
