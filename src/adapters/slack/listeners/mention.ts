// `@crashbot` with a pasted log or an attached log file: answered in the thread.
import type { App } from '@slack/bolt';
import { answerMessage } from '../conversation.js';
import { envelopeTeam, messageEventSchema } from '../incoming.js';
import { slackToPlain } from '../mrkdwn.js';
import type { ListenerDeps } from './deps.js';

export function listenForMentions(app: App, deps: ListenerDeps): void {
  app.event('app_mention', async ({ event, body, client, context }) => {
    const parsed = messageEventSchema.safeParse(event);
    if (!parsed.success) {
      deps.log.warn('ignored an app_mention without the expected fields', {
        issues: parsed.error.issues.length,
      });
      return;
    }
    const e = parsed.data;
    // Other bots and integrations do not get answers; their mentions would loop.
    if (e.bot_id || e.subtype === 'bot_message' || !e.user) return;
    await answerMessage(deps, client, {
      workspace: envelopeTeam(body) ?? context.teamId ?? 'unknown',
      channel: e.channel,
      userId: e.user,
      text: slackToPlain(e.text, context.botUserId),
      files: e.files,
      ts: e.ts,
      threadTs: e.thread_ts,
      mode: 'mention',
    });
  });
}
