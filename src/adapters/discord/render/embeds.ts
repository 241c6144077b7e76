// Reply -> Discord messages of embeds, within every limit: 4,096 characters per
// description, 25 fields per embed, 10 embeds and 6,000 characters per message. What
// does not fit goes on in another embed or another message; nothing is dropped. The
// chart is attached to the first message and shown in its last embed; the buttons go
// under the last message.
import type { APIEmbed } from 'discord.js';
import type { Reply, ReplyKind } from '../../../core/reply/model.js';
import { actionRows } from './components.js';
import { LIMITS, truncate } from './limits.js';
import type { DiscordMessage } from './message.js';
import { blockPieces, type Piece } from './pieces.js';

const COLOR: Record<ReplyKind, number> = {
  diagnosis: 0xe67e22,
  'exit-code': 0x3498db,
  'env-report': 0x1abc9c,
  summary: 0x5865f2,
  help: 0x5865f2,
  notice: 0x95a5a6,
};

const size = (e: APIEmbed) =>
  (e.title?.length ?? 0) +
  (e.description?.length ?? 0) +
  (e.footer?.text.length ?? 0) +
  (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);

export function renderEmbeds(reply: Reply): DiscordMessage[] {
  const color = COLOR[reply.kind];
  const messages: APIEmbed[][] = [[]];
  let embed: APIEmbed = { title: truncate(reply.title, LIMITS.embedTitle), color };
  messages[0]!.push(embed);
  const current = () => messages[messages.length - 1]!;
  const total = () => current().reduce((n, e) => n + size(e), 0);

  /** Starts a new embed with room for `needed` characters, in a new message if needed. */
  const open = (needed: number) => {
    if (current().length >= LIMITS.embedsPerMessage || total() + needed > LIMITS.embedsTotal)
      messages.push([]);
    embed = { color };
    current().push(embed);
  };

  const addText = (text: string) => {
    const cost = text.length + (embed.description ? 2 : 0);
    const full =
      (embed.fields?.length ?? 0) > 0 ||
      (embed.description?.length ?? 0) + cost > LIMITS.embedDescription ||
      total() + cost > LIMITS.embedsTotal;
    if (full) open(text.length);
    embed.description = embed.description ? `${embed.description}\n\n${text}` : text;
  };

  const addField = (f: { name: string; value: string }) => {
    const name = truncate(f.name.trim() || '\u200b', LIMITS.fieldName);
    const value = truncate(f.value.trim() || '\u200b', LIMITS.fieldValue);
    const cost = name.length + value.length;
    if ((embed.fields?.length ?? 0) >= LIMITS.fieldsPerEmbed || total() + cost > LIMITS.embedsTotal)
      open(cost);
    embed.fields = [...(embed.fields ?? []), { name, value, inline: true }];
  };

  const pieces: Piece[] = reply.blocks.flatMap((b) => blockPieces(b, LIMITS.embedDescription));
  for (const p of pieces) {
    if (p.kind === 'text') addText(p.text);
    else for (const f of p.fields) addField(f);
  }

  if (reply.footer) {
    const text = truncate(reply.footer, LIMITS.footer);
    if (total() + text.length > LIMITS.embedsTotal) open(text.length);
    embed.footer = { text };
  }

  const files = reply.files ?? [];
  const image = files.find((f) => f.mime.startsWith('image/'));
  if (image) {
    const first = messages[0]!;
    first[first.length - 1]!.image = { url: `attachment://${image.name}` };
  }
  const components = actionRows(reply.actions ?? []);
  return messages.map((embeds, i) => ({
    embeds,
    files: i === 0 ? files : [],
    components: i === messages.length - 1 ? components : [],
  }));
}
