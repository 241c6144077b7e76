// The terminal chat as a surface of the conversation pipeline: each pasted message
// and each `/crash ...` line becomes an Incoming in one local channel, and what the
// pipeline posts is what the chat prints. So the terminal gets the same answers as
// Slack and Discord, by the same code.

import { noticeReply } from '../../app/command-replies.js';
import type { Conversation } from '../../app/conversation/conversation.js';
import type { Incoming, Place } from '../../app/conversation/incoming.js';
import type { ReplyChannel, Surface } from '../../app/conversation/ports.js';
import type { Reply } from '../../core/reply/model.js';
import type { ChatHandlers } from './terminal-chat.js';

/** The one channel of the terminal chat. */
export const TERMINAL_PLACE: Place = { platform: 'terminal', workspace: 'local', channel: 'local' };

export function terminalHandlers(conversation: Conversation): ChatHandlers {
  let posted: Reply[] = [];
  let n = 0;
  const channel: ReplyChannel<Reply> = {
    render: (reply) => [reply],
    async post(reply) {
      posted.push(reply);
      return String(posted.length);
    },
    async edit() {},
    async remove() {},
  };
  const surface: Surface = {
    info: { platform: 'terminal', replies: 'reply', interactionsNeedAnswer: false, settings: false },
    at: () => channel,
  };
  const handle = conversation.attach(surface);
  const run = async (x: Incoming): Promise<Reply | null> => {
    posted = [];
    await handle(x);
    return posted.at(-1) ?? null;
  };
  return {
    message: (text) => {
      const id = `m${++n}`;
      return run({
        kind: 'message',
        id,
        place: TERMINAL_PLACE,
        user: 'local',
        message: id,
        text,
        attachments: [],
        mode: 'mention',
      });
    },
    async command(line) {
      const [head, ...rest] = line.slice(1).split(/\s+/);
      const text = head === 'help' ? 'help' : rest.join(' ');
      if (head !== 'crash' && head !== 'help')
        return noticeReply(`Unknown command /${head}`, 'Try `/crash help`.');
      return (
        (await run({ kind: 'command', id: `c${++n}`, place: TERMINAL_PLACE, user: 'local', text })) ??
        noticeReply('No answer', 'The command gave no answer; see the log.')
      );
    },
  };
}
