// `@crashbot` with a pasted log or an attached log file: answered in the thread. A bare
// mention in a thread diagnoses the message that opened the thread.
import type { App, webApi } from '@slack/bolt';
import { answerMessage } from '../conversation.js';
import { envelopeTeam, type ListedMessage, listedMessageSchema, messageEventSchema } from '../incoming.js';
import { slackToPlain } from '../mrkdwn.js';
import { slackErrorCode } from '../poster.js';
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
    let text = slackToPlain(e.text, context.botUserId);
    let files = e.files;
    if (text.trim() === '' && files.length === 0 && e.thread_ts && e.thread_ts !== e.ts) {
      const parent = await threadParent(deps, client, e.channel, e.thread_ts);
      if (parent) {
        text = slackToPlain(parent.text, context.botUserId);
        files = parent.files;
      }
    }
    await answerMessage(deps, client, {
      workspace: envelopeTeam(body) ?? context.teamId ?? 'unknown',
      channel: e.channel,
      userId: e.user,
      text,
      files,
      ts: e.ts,
      threadTs: e.thread_ts,
      mode: 'mention',
    });
  });
}

async function threadParent(
  deps: ListenerDeps,
  client: webApi.WebClient,
  channel: string,
  threadTs: string,
): Promise<ListedMessage | null> {
  try {
    const res = await deps.poster.call(() =>
      client.conversations.replies({ channel, ts: threadTs, limit: 1, inclusive: true }),
    );
    const parsed = listedMessageSchema.safeParse(res.messages?.[0]);
    return parsed.success && parsed.data.ts === threadTs ? parsed.data : null;
  } catch (err) {
    deps.log.info('could not read the message that opened the thread', { code: slackErrorCode(err) });
    return null;
  }
}
