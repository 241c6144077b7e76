// Reply -> Mattermost posts: the shared Markdown without HTML (which Mattermost does not
// render; secrets are redacted there) packed into posts of at most 16,383 characters
// (Mattermost's limit), the files on the first post and the feedback buttons, as message
// attachments whose actions post back to crashbot, on the last. 'plain' leaves the
// buttons out (the attachments are what Mattermost may refuse).
import type { Style } from '../../app/conversation/ports.js';
import type { Reply, ReplyAction, ReplyFile } from '../../core/reply/model.js';
import { markdownPieces } from '../../core/reply/render-markdown.js';

export const MAX_MESSAGE = 16_383;

/** A message attachment's button (Mattermost's PostAction) with where a click is sent. */
export interface PostAction {
  id: string;
  type: 'button';
  name: string;
  style: 'good' | 'default';
  integration: { url: string; context: Record<string, string> };
}

export interface MattermostMessage {
  message: string;
  attachments: { text: string; actions: PostAction[] }[];
  files: readonly ReplyFile[];
}

/** Makes a reply's action into a button; absent where buttons cannot be answered. */
export type ButtonMaker = (action: ReplyAction) => PostAction;

export function renderMattermost(reply: Reply, style: Style, button?: ButtonMaker): MattermostMessage[] {
  const messages: string[] = [];
  let current = '';
  for (const raw of markdownPieces(reply, { html: false })) {
    const piece = raw.length > MAX_MESSAGE ? `${raw.slice(0, MAX_MESSAGE - 2)} …` : raw;
    const joined = current ? `${current}\n\n${piece}` : piece;
    if (joined.length > MAX_MESSAGE) {
      messages.push(current);
      current = piece;
    } else current = joined;
  }
  messages.push(current);
  const actions = style === 'rich' && button ? (reply.actions ?? []).map(button) : [];
  return messages.map((message, i) => ({
    message,
    attachments: i === messages.length - 1 && actions.length > 0 ? [{ text: '', actions }] : [],
    files: i === 0 ? (reply.files ?? []) : [],
  }));
}
