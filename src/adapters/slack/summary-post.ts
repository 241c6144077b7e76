// The weekly summary as a channel post, with its chart uploaded right after it. A
// failed post throws (the scheduler releases its claim and tries again later); once the
// message is up, a failed chart upload is only logged, so a retry never posts it twice.
// The post carries its key in message metadata. Before posting, the channel's recent
// history is searched for that key: an instance killed after Slack took the post but
// before the store marked it done left it there, and the retry then stops at that.
import type { webApi } from '@slack/bolt';
import { postReply, why } from '../../app/conversation/delivery.js';
import type { Logger } from '../../app/logger.js';
import type { ChannelRef } from '../../app/ports.js';
import type { Reply } from '../../core/reply/model.js';
import { SUMMARY_EVENT_TYPE, slackErrorCode, threadChannel } from './channel.js';
import { SlackAdapterError } from './errors.js';
import { uploadFile } from './uploads.js';

export { SUMMARY_EVENT_TYPE };

/** How far back, and through how many pages of history, an earlier post of a key is looked for. */
export const EARLIER_POST_LOOKBACK_MS = 8 * 86_400_000;
const HISTORY_PAGES = 10;

export async function postSummary(
  client: webApi.WebClient,
  log: Logger,
  channel: ChannelRef,
  reply: Reply,
  key: string,
): Promise<void> {
  const earlier = await findEarlierPost(client, channel.channel, key);
  if (earlier) {
    log.info('the summary was already posted; not posting it again', {
      channel: channel.channel,
      ts: earlier,
    });
    return;
  }
  try {
    await postReply(
      threadChannel(client, { place: channel }, log, SUMMARY_EVENT_TYPE),
      reply,
      { private: false, key },
      log,
    );
  } catch (err) {
    throw new SlackAdapterError(
      'SLACK_POST_FAILED',
      `Slack refused the summary post: ${why(err).code ?? (err as Error).message}`,
    );
  }
  for (const file of reply.files ?? []) await uploadFile(client, log, file, channel.channel);
}

/** The ts of a message in `channel` carrying the summary `key`, or null. Throws when history cannot be read. */
async function findEarlierPost(
  client: webApi.WebClient,
  channel: string,
  key: string,
): Promise<string | null> {
  const oldest = String(Math.floor((Date.now() - EARLIER_POST_LOOKBACK_MS) / 1000));
  let cursor: string | undefined;
  for (let page = 0; page < HISTORY_PAGES; page++) {
    let res: webApi.ConversationsHistoryResponse;
    try {
      res = await client.conversations.history({
        channel,
        oldest,
        limit: 200,
        include_all_metadata: true,
        ...(cursor && { cursor }),
      });
    } catch (err) {
      const code = slackErrorCode(err);
      // Not a member: the bot cannot have posted there (the post joins the channel first).
      if (code === 'not_in_channel') return null;
      throw new SlackAdapterError('SLACK_POST_FAILED', `cannot check for an earlier summary post: ${code}`, {
        cause: err,
      });
    }
    for (const m of res.messages ?? []) {
      const payload = m.metadata?.event_payload as { key?: unknown } | undefined;
      if (m.metadata?.event_type === SUMMARY_EVENT_TYPE && payload?.key === key) return m.ts ?? 'unknown';
    }
    cursor = res.response_metadata?.next_cursor;
    if (!res.has_more || !cursor) return null;
  }
  return null;
}
