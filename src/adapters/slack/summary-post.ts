// The weekly summary as a channel post, with its chart uploaded right after it. A
// failed post throws (the scheduler releases its claim and tries again later); once the
// message is up, a failed chart upload is only logged, so a retry never posts it twice.
import type { webApi } from '@slack/bolt';
import type { Reply } from '../../core/reply/model.js';
import type { ChannelRef } from '../../store/types.js';
import { SlackAdapterError } from './errors.js';
import type { SlackLog } from './logger.js';
import { type Poster, slackErrorCode } from './poster.js';

export const SUMMARY_EVENT_TYPE = 'crashbot_summary';

export async function postSummary(
  deps: { poster: Poster; log: SlackLog },
  client: webApi.WebClient,
  channel: ChannelRef,
  reply: Reply,
  key: string,
): Promise<void> {
  const posted = await deps.poster.post(
    client,
    { channel: channel.channel, metadata: { event_type: SUMMARY_EVENT_TYPE, event_payload: { key } } },
    reply,
  );
  if (!posted.ok) {
    throw new SlackAdapterError('SLACK_POST_FAILED', `Slack refused the summary post: ${posted.code}`);
  }
  for (const file of reply.files ?? []) {
    try {
      await deps.poster.call(() =>
        client.filesUploadV2({
          channel_id: channel.channel,
          file: Buffer.from(file.data),
          filename: file.name,
          title: file.name,
          alt_text: file.alt,
        }),
      );
    } catch (err) {
      deps.log.warn('the summary was posted but its chart could not be uploaded', {
        channel: channel.channel,
        code: slackErrorCode(err),
      });
    }
  }
}
