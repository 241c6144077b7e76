// The WebSocket's events -> the pipeline: `posted` (a mention of the bot, a direct or
// group message is addressed to it; anything else is handed on as listened, for channels
// that listen), `post_edited` and `post_deleted`, and the system post saying someone
// added the bot to a channel (a welcome). Only people are answered: the bot's own
// posts, other bots' and webhooks', and system messages are left alone. A post arrives
// as a JSON string inside the event; one without the fields read here is logged and dropped.
import type { WebSocketMessage } from '@mattermost/client';
import { z } from 'zod';
import type { Incoming, MessageMode, Place } from '../../app/conversation/incoming.js';
import type { Logger } from '../../app/logger.js';
import { fileRef } from './files.js';

const postSchema = z.object({
  id: z.string().min(1),
  channel_id: z.string().min(1),
  user_id: z.string(),
  root_id: z.string().default(''),
  message: z.string().default(''),
  type: z.string().default(''),
  file_ids: z.array(z.string()).nullish(),
  props: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.object({ files: z.array(z.object({ id: z.string() }).passthrough()).nullish() }).nullish(),
});
export type MattermostPost = z.infer<typeof postSchema>;

export interface Bot {
  id: string;
  username: string;
}

export interface EventContext {
  bot: Bot;
  /** Every channel's workspace: the server (channel ids are unique in it). */
  workspace: string;
  siteUrl: string;
}

export function placeOf(workspace: string, post: Pick<MattermostPost, 'channel_id' | 'root_id'>): Place {
  const thread = post.root_id ? { thread: post.root_id } : {};
  return { platform: 'mattermost', workspace, channel: post.channel_id, ...thread };
}

const nameChar = (c: string | undefined) => c !== undefined && /^[a-z0-9._-]$/i.test(c);

/** Where `@name` stands in the text as a mention (not inside a longer name or address). */
function mentionsOf(text: string, name: string): number[] {
  const lower = text.toLowerCase();
  const at = `@${name.toLowerCase()}`;
  const found: number[] = [];
  for (let i = lower.indexOf(at); i >= 0; i = lower.indexOf(at, i + 1))
    if (!nameChar(lower[i + at.length]) && !nameChar(lower[i - 1])) found.push(i);
  return found;
}

/** The text with the bot's @-mentions taken out. */
export function withoutMention(text: string, name: string): string {
  let out = '';
  let from = 0;
  for (const i of mentionsOf(text, name)) {
    out += text.slice(from, i);
    from = i + name.length + 1;
  }
  return (out + text.slice(from)).trim();
}

export function messageIncoming(
  c: EventContext,
  kind: 'message' | 'edit',
  post: MattermostPost,
  mode: MessageMode,
): Incoming {
  const files = post.metadata?.files?.length
    ? post.metadata.files
    : (post.file_ids ?? []).map((id) => ({ id }));
  return {
    kind,
    id: post.id,
    place: placeOf(c.workspace, post),
    user: post.user_id,
    message: post.id,
    text: withoutMention(post.message, c.bot.username),
    attachments: files.map((f) => fileRef(f)),
    mode,
    link: `${c.siteUrl}/_redirect/pl/${post.id}`,
  };
}

/** The Incoming an event stands for, or null for events crashbot leaves alone. */
export function incomingOf(msg: WebSocketMessage, c: EventContext, log: Logger): Incoming | null {
  if (!['posted', 'post_edited', 'post_deleted'].includes(msg.event)) return null;
  const data = msg.data as { post?: unknown; mentions?: unknown; channel_type?: unknown };
  let parsed: ReturnType<typeof postSchema.safeParse> | null = null;
  try {
    parsed = postSchema.safeParse(JSON.parse(String(data.post)));
  } catch {}
  if (!parsed?.success) {
    log.warn(`ignored a ${msg.event} event without the expected post`);
    return null;
  }
  const post = parsed.data;
  const props = post.props ?? {};
  // Someone added the bot to a channel (the system post Mattermost makes for it): a welcome.
  if (msg.event === 'posted' && post.type === 'system_add_to_channel' && props.addedUserId === c.bot.id)
    return { kind: 'joined', id: post.id, place: placeOf(c.workspace, post), user: c.bot.id };
  const fromBot = props.from_bot === 'true' || props.from_webhook === 'true';
  if (post.user_id === c.bot.id || post.type !== '' || fromBot) return null;
  if (msg.event === 'post_deleted')
    return {
      kind: 'delete',
      id: `deleted:${post.id}`,
      place: placeOf(c.workspace, post),
      user: '',
      message: post.id,
    };
  const named = typeof data.mentions === 'string' && data.mentions.includes(`"${c.bot.id}"`);
  const direct = data.channel_type === 'D' || data.channel_type === 'G';
  const addressed = named || direct || mentionsOf(post.message, c.bot.username).length > 0;
  const kind = msg.event === 'posted' ? 'message' : 'edit';
  return messageIncoming(c, kind, post, addressed ? 'mention' : 'listen');
}
