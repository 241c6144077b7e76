// What the pipeline says when it has no diagnosis to give, the same on every surface:
// files it did not read (one notice, or one block under the diagnosis), a mention with
// nothing in it, an edit that took the crash away, a message with nothing to diagnose.
import type { Reply, ReplyBlock } from '../../core/reply/model.js';
import type { Diagnosis } from '../../core/types.js';
import { noticeReply } from '../command-replies.js';
import type { FileRead } from './attachments.js';
import type { SurfaceInfo } from './ports.js';

export type Unread = Extract<FileRead, { ok: false }>;

const MB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function unreadText(u: Unread, maxBytes: number): string {
  const name = `\`${u.name.replace(/`/g, "'")}\``;
  switch (u.problem) {
    case 'not-text':
      return `${name}: it is not a text file (${u.detail}); attach the log as \`.log\` or \`.txt\`, or paste it`;
    case 'too-large':
      return `${name}: it is larger than the ${size(maxBytes)} I read; attach or paste the last few hundred lines (the error is usually at the end)`;
    case 'too-many':
      return `${name}: ${u.detail}; attach the log with the error first`;
    case 'not-allowed':
      return `${name}: it is not stored where I may download it from (${u.detail})`;
    case 'no-access':
      return `${name}: I may not read it${u.fix ? `; ${u.fix}` : ''}`;
    case 'unreachable':
      return `${name}: I could not download it (${u.detail}); try again, or paste the end of the log`;
    case 'image-unread':
      return `${name}: ${u.detail}; paste the text of the error, or a sharper screenshot of it`;
  }
}

export function unreadBlock(unread: readonly Unread[], maxBytes: number): ReplyBlock {
  return {
    type: 'list',
    title: unread.length === 1 ? 'A file I did not read' : 'Files I did not read',
    items: unread.map((u) => ({ text: unreadText(u, maxBytes) })),
  };
}

/** Every attached file was unreadable and there is no text: one notice saying why, per file. */
export function nothingReadable(unread: readonly Unread[], maxBytes: number): Reply {
  return {
    kind: 'notice',
    title: unread.length === 1 ? 'I could not read the attached file' : 'I could not read the attached files',
    blocks: [{ type: 'list', items: unread.map((u) => ({ text: unreadText(u, maxBytes) })) }],
  };
}

/**
 * The reply to a message some of whose files were not read: the diagnosis with them named
 * under it; but when the text told nothing (no crash evidence, no exit code, no Xid: "see
 * the screenshot"), only the notice about the files. One reply, never "No confident cause
 * found" beside "not a text file".
 */
export function withUnread(
  reply: Reply,
  unread: readonly Unread[],
  maxBytes: number,
  diagnosis: Pick<Diagnosis, 'noAnswer' | 'exitCode' | 'xids'>,
): Reply {
  if (!unread.length) return reply;
  const { noAnswer, exitCode, xids } = diagnosis;
  const toldNothing =
    reply.kind === 'diagnosis' &&
    noAnswer !== null &&
    noAnswer.reason !== 'evidence-but-no-known-cause' &&
    exitCode === null &&
    xids.length === 0;
  if (toldNothing) return nothingReadable(unread, maxBytes);
  return { ...reply, blocks: [...reply.blocks, unreadBlock(unread, maxBytes)] };
}

export function emptyMention(info: SurfaceInfo): Reply {
  const action = info.diagnoseAction ? ` For a log someone already posted: ${info.diagnoseAction}.` : '';
  return noticeReply(
    'Paste a crash log and I will diagnose it',
    `Mention me with the traceback or the end of the log in the same message, or attach it as a \`.log\` or \`.txt\` file.${action} \`/crash help\` lists the commands.`,
  );
}

export const EDITED_AWAY: Reply = noticeReply(
  'The message was edited',
  'It no longer holds crash output, so there is nothing to diagnose.',
);

export const NOTHING_TO_DIAGNOSE: Reply = noticeReply(
  'Nothing to diagnose',
  'That message has no text or log file I can read.',
);

export const STILL_TOO_MANY: Reply = noticeReply('Still too many requests', 'Try again in a minute.');

export const WENT_WRONG: Reply = noticeReply(
  'That did not work',
  'Something went wrong on my side; the error was logged. Try again in a minute.',
);

export const MANAGERS_ONLY: Reply = noticeReply(
  'Only channel managers can change this',
  "Changing this channel's listening or weekly summary needs the permission to manage the channel.",
);

export const NO_SETTINGS_HERE: Reply = noticeReply(
  'Nothing to change here',
  'Listening and the weekly summary are settings of a chat channel (Slack, Discord, Mattermost). Here every message is read and no summary is posted; `/crash summary` shows this week.',
);
