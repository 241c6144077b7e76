// Reply blocks -> pieces of Discord markdown, each within a size limit: the units the
// embed and plain-text renderers pack into messages. A block too long for one piece is
// split at line breaks; code and quoted lines are split into several code blocks, so
// every piece is well-formed markdown on its own.
import type { ReplyBlock } from '../../../core/reply/model.js';
import { splitLines, truncate } from './limits.js';
import { bold, codeBlockOverhead, escapeDiscord, fenced, neutralizeFences, statusIcon } from './markdown.js';

export interface TextPiece {
  kind: 'text';
  text: string;
}

export type Piece = TextPiece | { kind: 'fields'; fields: readonly { name: string; value: string }[] };

/** A quoted log line longer than this is shortened: the start of a line says what it is. */
const QUOTED_LINE_MAX = 1000;

export function blockPieces(block: ReplyBlock, max: number): Piece[] {
  switch (block.type) {
    case 'heading':
      return text(bold(block.text), max);
    case 'text':
      return text(escapeDiscord(block.text), max);
    case 'quote': {
      const width = String(Math.max(0, ...block.lines.map((l) => l.line))).length;
      const lines = block.lines.map(
        (l) => `${String(l.line).padStart(width)} | ${truncate(l.text, QUOTED_LINE_MAX)}`,
      );
      return code(block.title, lines.join('\n'), 'text', max);
    }
    case 'code':
      return code(block.title, block.code, block.language, max);
    case 'list': {
      const items = block.items.map((i) => {
        const mark = i.status ? `${statusIcon(i.status)} ` : '';
        const detail = i.detail ? `\n  - ${escapeDiscord(i.detail)}` : '';
        return `- ${mark}${escapeDiscord(i.text)}${detail}`;
      });
      return text([...(block.title ? [bold(block.title)] : []), ...items].join('\n'), max);
    }
    case 'fields':
      return [
        ...(block.title ? text(bold(block.title), max) : []),
        { kind: 'fields', fields: block.fields.map((f) => ({ name: f.label, value: f.value })) },
      ];
    case 'divider':
      return [];
  }
}

function text(markdown: string, max: number): TextPiece[] {
  return splitLines(markdown, max).map((t) => ({ kind: 'text', text: t }));
}

/** A code block with an optional bold title; split into several blocks when too long. */
function code(title: string | undefined, body: string, language: string, max: number): TextPiece[] {
  const heading = title ? `${bold(title)}\n` : '';
  const room = Math.max(1, max - codeBlockOverhead(language) - heading.length);
  return splitLines(neutralizeFences(body), room).map((c, i) => ({
    kind: 'text',
    text: `${i === 0 ? heading : ''}${fenced(c, language)}`,
  }));
}

/** Fields as markdown lines, where embeds are not available. */
export function fieldsAsText(fields: readonly { name: string; value: string }[], max: number): TextPiece[] {
  return text(fields.map((f) => `**${escapeDiscord(f.name)}**: ${escapeDiscord(f.value)}`).join('\n'), max);
}
