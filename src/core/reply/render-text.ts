// Reply -> terminal text (the CLI and the terminal chat). Secrets are redacted first.
import { CHECK_ICON } from './diagnosis.js';
import type { Reply, ReplyBlock } from './model.js';
import { redactReply } from './redact.js';

export function renderText(given: Reply): string {
  const reply = redactReply(given);
  const out: string[] = [reply.title, ''];
  for (const b of reply.blocks) {
    const text = block(b);
    if (text) out.push(text, '');
  }
  if (reply.footer) out.push(reply.footer);
  return `${out.join('\n').trimEnd()}\n`;
}

function block(b: ReplyBlock): string {
  switch (b.type) {
    case 'heading':
      return `== ${b.text}`;
    case 'text':
      return b.text;
    case 'quote':
      return [
        b.title ? `${b.title}:` : '',
        ...b.lines.map((l) => `  ${String(l.line).padStart(5)} | ${l.text}`),
      ]
        .filter(Boolean)
        .join('\n');
    case 'fields':
      return [b.title ? `${b.title}:` : '', ...b.fields.map((f) => `  ${f.label}: ${f.value}`)]
        .filter(Boolean)
        .join('\n');
    case 'list':
      return [
        b.title ? `${b.title}:` : '',
        ...b.items.map((i) => {
          const mark = i.status ? `[${CHECK_ICON[i.status]}]` : '-';
          return `  ${mark} ${i.text}${i.detail ? `\n      ${i.detail}` : ''}`;
        }),
      ]
        .filter(Boolean)
        .join('\n');
    case 'code':
      return [`${b.title ?? `Snippet (${b.language})`}:`, ...b.code.split('\n').map((l) => `    ${l}`)].join(
        '\n',
      );
    case 'divider':
      return '----';
  }
}
