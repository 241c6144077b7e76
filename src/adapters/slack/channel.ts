// Slack's ReplyChannels: messages in a channel or thread through the Web API (post,
// update, delete), a private (ephemeral) answer to one person, and the translation of
// Slack's error codes into the pipeline's four failures. Retries are the WebClient's own
// (429s after Retry-After, 5xx, network errors); nothing here retries again. A channel
// the bot is not in is joined once and the post tried again.
// A post with a key (the weekly summary's, an event's) carries it in message metadata,
// so an instance that takes over an event whose answer was sent just before its first
// instance was killed finds that answer in the thread instead of posting it twice.
import type { webApi } from '@slack/bolt';
import { DeliveryError, type ReplyChannel, type Style, type Target } from '../../app/conversation/ports.js';
import type { Logger } from '../../app/logger.js';
import type { Reply } from '../../core/reply/model.js';
import { renderPlainMessage, renderSlackMessages, type SlackMessage } from './blocks.js';
import { type Upload, withFiles, withImages } from './images.js';

type WebClient = webApi.WebClient;

export const SUMMARY_EVENT_TYPE = 'crashbot_summary';
/** The metadata event type of an answer in a thread: its payload is the event's key and the part's index. */
export const REPLY_EVENT_TYPE = 'crashbot_reply';
/** Pages of a thread (of 200 messages) searched for an earlier answer. */
const THREAD_PAGES = 5;

const REFUSED = new Set(['invalid_blocks', 'invalid_blocks_format', 'msg_blocks_too_long', 'msg_too_long']);
const GONE = new Set(['message_not_found', 'thread_not_found', 'cant_update_message', 'cant_delete_message']);
const FORBIDDEN = new Set([
  'not_in_channel',
  'channel_not_found',
  'is_archived',
  'restricted_action',
  'missing_scope',
  'not_allowed_token_type',
  'user_not_in_channel',
]);

/** Slack's error code (`not_in_channel`) or the SDK's (`slack_webapi_request_error`). */
export function slackErrorCode(err: unknown): string {
  const e = err as { code?: unknown; data?: { error?: unknown } } | null;
  if (typeof e?.data?.error === 'string') return e.data.error;
  return typeof e?.code === 'string' ? e.code : 'unknown_error';
}

export function deliveryError(err: unknown): DeliveryError {
  const code = slackErrorCode(err);
  const failure = REFUSED.has(code)
    ? 'refused'
    : GONE.has(code)
      ? 'gone'
      : FORBIDDEN.has(code)
        ? 'forbidden'
        : 'failed';
  return new DeliveryError(failure, code, `Slack said ${code}`);
}

export function renderSlack(reply: Reply, style: Style): SlackMessage[] {
  return style === 'rich' ? renderSlackMessages(reply) : [renderPlainMessage(reply)];
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw deliveryError(err);
  }
}

/** Listening and summaries need the bot in the channel: public channels are joined, others need an invite. */
export async function joinChannel(client: WebClient, channel: string, log: Logger): Promise<boolean> {
  if (channel.startsWith('D')) return true;
  try {
    await client.conversations.join({ channel });
    return true;
  } catch (err) {
    log.info('could not join the channel', { channel, code: slackErrorCode(err) });
    return false;
  }
}

/**
 * Messages at `target`: its channel, in its thread when it has one. A keyed post carries
 * its key as metadata of `eventType`: the summary's on its first message only (history
 * is searched for it), an answer's on every part (its thread is searched, `posted`).
 */
export function threadChannel(
  client: WebClient,
  target: Target,
  log: Logger,
  eventType: typeof SUMMARY_EVENT_TYPE | typeof REPLY_EVENT_TYPE = REPLY_EVENT_TYPE,
): ReplyChannel<SlackMessage> {
  const channel = target.place.channel;
  const thread = target.place.thread;
  const send = (m: SlackMessage, payload: { key: string; part?: number } | undefined) =>
    client.chat.postMessage({
      channel,
      text: m.text,
      ...(m.blocks.length > 0 && { blocks: m.blocks }),
      unfurl_links: false,
      unfurl_media: false,
      ...(thread && { thread_ts: thread }),
      ...(payload && { metadata: { event_type: eventType, event_payload: payload } }),
    });
  return {
    render: renderSlack,
    async post(m, o) {
      const payload =
        o.key === undefined
          ? undefined
          : eventType === REPLY_EVENT_TYPE
            ? { key: o.key, part: o.part }
            : o.part === 0
              ? { key: o.key }
              : undefined;
      try {
        return (await send(m, payload)).ts ?? '';
      } catch (err) {
        if (slackErrorCode(err) !== 'not_in_channel' || !(await joinChannel(client, channel, log)))
          throw deliveryError(err);
        return (await call(() => send(m, payload))).ts ?? '';
      }
    },
    ...(thread && { posted: (key: string) => answersIn(client, channel, thread, key) }),
    async edit(id, m) {
      await call(() => client.chat.update({ channel, ts: id, text: m.text, blocks: m.blocks }));
    },
    async remove(id) {
      await call(() => client.chat.delete({ channel, ts: id }));
    },
  };
}

/** The ts of the messages in the thread carrying the answer `key`, part 0 first. */
async function answersIn(client: WebClient, channel: string, thread: string, key: string): Promise<string[]> {
  const parts: { ts: string; part: number }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < THREAD_PAGES; page++) {
    let res: webApi.ConversationsRepliesResponse;
    try {
      res = await client.conversations.replies({
        channel,
        ts: thread,
        limit: 200,
        include_all_metadata: true,
        ...(cursor && { cursor }),
      });
    } catch (err) {
      // No such message (deleted since): nothing of ours can be in its thread.
      if (slackErrorCode(err) === 'thread_not_found') return [];
      throw deliveryError(err);
    }
    for (const m of res.messages ?? []) {
      const p = m.metadata?.event_payload as { key?: unknown; part?: unknown } | undefined;
      if (m.metadata?.event_type === REPLY_EVENT_TYPE && p?.key === key && m.ts)
        parts.push({ ts: m.ts, part: typeof p.part === 'number' ? p.part : 0 });
    }
    cursor = res.response_metadata?.next_cursor;
    if (!res.has_more || !cursor) break;
  }
  return parts.sort((a, b) => a.part - b.part).map((p) => p.ts);
}

/** An ephemeral message to `user` in `channel`: only they see it; it cannot be edited later. */
export function ephemeralChannel(
  client: WebClient,
  channel: string,
  user: string,
  upload?: Upload,
): ReplyChannel<SlackMessage> {
  const send = (m: SlackMessage) =>
    call(() => client.chat.postEphemeral({ channel, user, text: m.text, blocks: m.blocks }));
  return {
    render: (reply, style) => withFiles(reply, style, renderSlack(reply, style)),
    async post(m) {
      const shown = await withImages(m, upload);
      await send(shown).catch((err: unknown) => {
        // Slack refused the message with its image: the text alone.
        if (shown !== m && err instanceof DeliveryError && err.failure === 'refused') return send(m);
        throw err;
      });
      return '';
    },
    edit: async () => {
      throw new DeliveryError('refused', 'ephemeral', 'an ephemeral message cannot be edited');
    },
    remove: async () => {
      throw new DeliveryError('gone', 'ephemeral', 'an ephemeral message cannot be removed');
    },
  };
}
