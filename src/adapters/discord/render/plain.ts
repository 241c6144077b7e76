// Reply -> plain messages of at most 2,000 characters: for channels where the bot may
// not embed links (Discord then drops embeds silently), and as the fallback when an
// embed is refused. Same markdown as the embeds, with fields as bold lines.
import type { Reply } from '../../../core/reply/model.js';
import { actionRows } from './components.js';
import { LIMITS, truncate } from './limits.js';
import { bold, escapeDiscord } from './markdown.js';
import type { DiscordMessage } from './message.js';
import { blockPieces, fieldsAsText } from './pieces.js';

export function renderPlain(reply: Reply): DiscordMessage[] {
  const max = LIMITS.content;
  const texts = [
    bold(truncate(reply.title, 300)),
    ...reply.blocks
      .flatMap((b) => blockPieces(b, max))
      .flatMap((p) => (p.kind === 'text' ? [p.text] : fieldsAsText(p.fields, max).map((f) => f.text))),
    ...(reply.footer ? [`-# ${escapeDiscord(truncate(reply.footer, 300))}`] : []),
  ];
  const contents: string[] = [];
  let current = '';
  for (const t of texts) {
    const joined = current ? `${current}\n\n${t}` : t;
    if (joined.length > max && current) {
      contents.push(current);
      current = t;
    } else {
      current = joined;
    }
  }
  if (current) contents.push(current);
  const components = actionRows(reply.actions ?? []);
  return contents.map((content, i) => ({
    embeds: [],
    content,
    files: i === 0 ? (reply.files ?? []) : [],
    components: i === contents.length - 1 ? components : [],
  }));
}
