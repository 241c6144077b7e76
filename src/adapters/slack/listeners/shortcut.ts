// The "Diagnose crash" message shortcut: diagnoses a message already in the channel,
// without re-pasting it, and answers in its thread (ephemerally if the bot cannot post there).
import type { App } from '@slack/bolt';
import { noticeReply } from '../../../app/command-replies.js';
import { answerMessage } from '../conversation.js';
import { messageShortcutSchema, workspaceOf } from '../incoming.js';
import { slackToPlain } from '../mrkdwn.js';
import { respondWith } from '../respond.js';
import type { ListenerDeps } from './deps.js';

export const SHORTCUT_CALLBACK_ID = 'diagnose_crash';

export function listenForShortcut(app: App, deps: ListenerDeps): void {
  app.shortcut(
    { callback_id: SHORTCUT_CALLBACK_ID, type: 'message_action' },
    async ({ ack, body, client, respond, context }) => {
      await ack();
      const parsed = messageShortcutSchema.safeParse(body);
      if (!parsed.success) {
        deps.log.warn('ignored a shortcut without the expected fields', {
          issues: parsed.error.issues.length,
        });
        return;
      }
      const s = parsed.data;
      const to = { respond, client, channel: s.channel.id, user: s.user.id };
      if (s.message.text.trim() === '' && s.message.files.length === 0) {
        await respondWith(
          deps,
          to,
          noticeReply('Nothing to diagnose', 'That message has no text or log file.'),
          false,
        );
        return;
      }
      await answerMessage(
        deps,
        client,
        {
          workspace: workspaceOf(s),
          channel: s.channel.id,
          userId: s.user.id,
          text: slackToPlain(s.message.text, context.botUserId),
          files: s.message.files,
          ts: s.message.ts,
          threadTs: s.message.thread_ts,
          mode: 'shortcut',
        },
        async (reply) => {
          await respondWith(deps, to, reply, false);
        },
      );
    },
  );
}
