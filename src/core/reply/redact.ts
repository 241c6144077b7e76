// Every text a Reply carries, with secrets replaced, before any of it is sent to a chat:
// evidence lines and snippets quote what people pasted, and pasted logs hold tokens.

import { redactSecrets } from '../redact/index.js';
import type { Reply, ReplyBlock } from './model.js';

const clean = (text: string): string => redactSecrets(text).text;

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
        lines: b.lines.map((l) => ({ line: l.line, text: clean(l.text) })),
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
