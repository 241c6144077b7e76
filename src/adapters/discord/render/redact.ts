// Every text of a Reply with secrets replaced (redactSecrets), before anything of the
// user's paste is echoed to a channel: quoted lines, list items, fields, code, titles.

import { redactSecrets } from '../../../core/redact.js';
import type { Reply, ReplyBlock } from '../../../core/reply/model.js';

const clean = (text: string): string => redactSecrets(text).text;

function block(b: ReplyBlock): ReplyBlock {
  switch (b.type) {
    case 'heading':
    case 'text':
      return { ...b, text: clean(b.text) };
    case 'quote':
      return { ...b, lines: b.lines.map((l) => ({ line: l.line, text: clean(l.text) })) };
    case 'code':
      return { ...b, code: clean(b.code) };
    case 'list':
      return {
        ...b,
        items: b.items.map((i) => ({
          ...i,
          text: clean(i.text),
          ...(i.detail !== undefined && { detail: clean(i.detail) }),
        })),
      };
    case 'fields':
      return { ...b, fields: b.fields.map((f) => ({ label: clean(f.label), value: clean(f.value) })) };
    case 'divider':
      return b;
  }
}

export function redactReply(reply: Reply): Reply {
  return {
    ...reply,
    title: clean(reply.title),
    blocks: reply.blocks.map(block),
    ...(reply.footer !== undefined && { footer: clean(reply.footer) }),
  };
}
