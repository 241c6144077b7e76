// The Discord front end's own replies: /crash help in slash-command syntax, what was
// wrong with an attachment, a mention with nothing to read, and the notes added when
// listening cannot work or a setting needs a moderator.
import { noticeReply } from '../../app/command-replies.js';
import type { Reply, ReplyBlock } from '../../core/reply/model.js';
import type { AttachmentRead, RefusalReason } from './attachments.js';

export function discordHelpReply(): Reply {
  return {
    kind: 'help',
    title: 'crashbot: explains GPU and ML crash logs',
    blocks: [
      {
        type: 'list',
        items: [
          { text: 'Mention me with a pasted log or a `.log`/`.txt` file, or reply to one of my messages.' },
          { text: "Right-click a message, Apps, `Diagnose crash`: diagnose someone else's log." },
          {
            text: '`/crash code code:-1073740791`: decode an exit code; add `public:True` to share the answer.',
          },
          { text: "`/crash summary`: this channel's crashes this week." },
          { text: '`/crash listen state:on|off`: answer pasted crash output without a mention.' },
          {
            text: '`/crash summaries state:on|off [day] [time] [timezone]`: the weekly summary for this channel.',
          },
        ],
      },
    ],
    footer: 'Changing listening or summaries needs the Manage Channels permission.',
  };
}

const MB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

export function refusalText(r: Extract<AttachmentRead, { ok: false }>, maxBytes: number): string {
  const why: Record<RefusalReason, string> = {
    'too-large': `it is larger than the ${size(maxBytes)} I read; attach the last few hundred lines (the error is usually at the end)`,
    'not-text': 'it is not a text file; attach the log as `.log` or `.txt`',
    'not-discord': 'it is not stored on Discord',
    'download-failed': `I could not download it (${r.detail}); try again in a moment`,
    'too-many': `I read the first files only (${r.detail})`,
  };
  return `\`${r.name.replace(/`/g, "'")}\`: ${why[r.reason]}`;
}

export function refusalsBlock(
  refused: Extract<AttachmentRead, { ok: false }>[],
  maxBytes: number,
): ReplyBlock {
  return {
    type: 'list',
    title: 'Files I did not read',
    items: refused.map((r) => ({ text: refusalText(r, maxBytes) })),
  };
}

export function nothingReadableReply(
  refused: Extract<AttachmentRead, { ok: false }>[],
  maxBytes: number,
): Reply {
  return {
    kind: 'notice',
    title: 'I could not read that file',
    blocks: [refusalsBlock(refused, maxBytes)],
  };
}

export function emptyMentionReply(): Reply {
  return noticeReply(
    'Paste a crash log with your mention',
    'Paste the traceback or the end of the log in the same message, or attach it as a `.log` or `.txt` file. For a log someone already posted: right-click it, Apps, Diagnose crash.',
  );
}

export const LISTENING_NEEDS_INTENT: ReplyBlock = {
  type: 'text',
  text: 'Note: this bot runs without the Message Content intent, so it only sees messages that mention it. Whoever runs the bot can turn on "Message Content Intent" on the developer portal\'s Bot page and set `DISCORD_MESSAGE_CONTENT=true`.',
};

export function needsManageChannels(): Reply {
  return noticeReply(
    'Only moderators can change this',
    "Changing this channel's listening or weekly summary needs the Manage Channels permission.",
  );
}

export function withBlock(reply: Reply, block: ReplyBlock): Reply {
  return { ...reply, blocks: [...reply.blocks, block] };
}
