// Every text a Reply carries, with secrets replaced, before any renderer turns it into a
// message (text, Markdown, GitHub, Slack, Discord): evidence lines and snippets quote what
// people pasted, and pasted logs hold tokens. Quoted lines that follow each other are
// redacted together, so a secret a line break cut in two goes on both.
import { redactLines, redactText } from '../redact/index.js';
import type { Reply, ReplyBlock } from './model.js';

const clean = redactText;

/** Quoted lines, consecutive line numbers read as one window. */
function cleanQuoted(lines: readonly { line: number; text: string }[]): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let from = 0;
  while (from < lines.length) {
    let to = from + 1;
    while (to < lines.length && lines[to]!.line === lines[to - 1]!.line + 1) to++;
    const group = lines.slice(from, to);
    const texts = redactLines(
      group.map((l) => l.text),
      0,
      group.length,
      0,
    );
    for (const [i, l] of group.entries()) out.push({ line: l.line, text: texts[i] ?? '' });
    from = to;
  }
  return out;
}

export function redactReply(reply: Reply): Reply {
  return {
    ...reply,
    title: clean(reply.title),
    blocks: reply.blocks.map(redactBlock),
    ...(reply.footer !== undefined && { footer: clean(reply.footer) }),
  };
}

function redactBlock(b: ReplyBlock): ReplyBlock {
  switch (b.type) {
    case 'heading':
    case 'text':
      return { ...b, text: clean(b.text) };
    case 'quote':
      return {
        ...b,
        ...(b.title !== undefined && { title: clean(b.title) }),
        lines: cleanQuoted(b.lines),
      };
    case 'fields':
      return {
        ...b,
        ...(b.title !== undefined && { title: clean(b.title) }),
        fields: b.fields.map((f) => ({ label: clean(f.label), value: clean(f.value) })),
      };
    case 'list':
      return {
        ...b,
        ...(b.title !== undefined && { title: clean(b.title) }),
        items: b.items.map((i) => ({
          ...i,
          text: clean(i.text),
          ...(i.detail !== undefined && { detail: clean(i.detail) }),
        })),
      };
    case 'code':
      return { ...b, ...(b.title !== undefined && { title: clean(b.title) }), code: clean(b.code) };
    case 'divider':
      return b;
  }
}
