// Posting a reply the bot was not asked for: the weekly summary, with its chart. The
// nonce comes from the scheduler's key, so a post retried after a lost response is
// dropped by Discord rather than shown twice. A failure throws: the scheduler retries.
// Discord checks nonces over the past few minutes only, and an instance killed between
// the post and the store marking it done is retried once its lease runs out (10
// minutes). So before posting, the bot's own messages of the past 8 days in the channel
// are searched for this post's heading (the reply's title up to its first colon:
// "Crash summary 2026-W47") among plain posts, not replies or command answers; when
// one is there, the post is already up. A channel whose
// history the bot may not read is posted to without the search (and logged).
import { type Client, Routes } from 'discord.js';
import { postReply } from '../../app/conversation/delivery.js';
import type { Logger } from '../../app/logger.js';
import type { ChannelRef } from '../../app/ports.js';
import type { Reply } from '../../core/reply/model.js';
import { channelAt } from './channel.js';
import { failureOf } from './delivery-errors.js';
import { snowflakeTime } from './stamps.js';

/** How far back, and through how many pages of 100 messages, an earlier post is looked for. */
export const EARLIER_POST_LOOKBACK_MS = 8 * 86_400_000;
const HISTORY_PAGES = 5;

export async function postToChannel(
  client: Client,
  log: Logger,
  channel: ChannelRef,
  reply: Reply,
  key: string,
  now: () => number,
): Promise<void> {
  const me = client.user?.id;
  const heading = reply.title.split(':')[0]?.trim() ?? '';
  if (me && heading) {
    const earlier = await findEarlierPost(client, log, { channelId: channel.channel, me, heading, now });
    if (earlier) {
      log.info('the summary was already posted; not posting it again', {
        channel: channel.channel,
        message: earlier,
      });
      return;
    }
  }
  // Fetched so the channel's permissions (Embed Links) are known when it is rendered.
  await client.channels.fetch(channel.channel).catch(() => null);
  await postReply(channelAt(client, { place: channel }), reply, { private: false, key }, log);
}

interface HistoryMessage {
  id: string;
  /** 0: a plain post (replies are 19, answers to commands 20 and 23). */
  type?: number;
  /** Set on an answer to a command. */
  interaction_metadata?: unknown;
  author?: { id?: string };
  content?: string;
  embeds?: { title?: string }[];
}

/** The id of the bot's earlier message under `heading`, or null. Throws when history fails for a transient reason. */
async function findEarlierPost(
  client: Client,
  log: Logger,
  { channelId, me, heading, now }: { channelId: string; me: string; heading: string; now: () => number },
): Promise<string | null> {
  const since = now() - EARLIER_POST_LOOKBACK_MS;
  let before: string | undefined;
  for (let page = 0; page < HISTORY_PAGES; page++) {
    let messages: HistoryMessage[];
    try {
      const query = new URLSearchParams({ limit: '100', ...(before && { before }) });
      messages = (await client.rest.get(Routes.channelMessages(channelId), { query })) as HistoryMessage[];
    } catch (err) {
      const failure = failureOf(err);
      if (failure.failure !== 'forbidden') throw err;
      log.warn('cannot read the channel history to look for an earlier summary post; posting', {
        channel: channelId,
        code: failure.code,
      });
      return null;
    }
    for (const m of messages) {
      // Only plain posts: a /crash summary asked for in the channel is not the weekly post.
      if (m.author?.id !== me || (m.type ?? 0) !== 0 || m.interaction_metadata) continue;
      const shown = [m.embeds?.[0]?.title ?? '', m.content ?? ''];
      if (shown.some((s) => s.replace(/^\*\*/, '').startsWith(heading))) return m.id;
    }
    const oldest = messages[messages.length - 1];
    if (messages.length < 100 || !oldest) return null;
    if ((snowflakeTime(oldest.id) ?? 0) < since) return null;
    before = oldest.id;
  }
  return null;
}
