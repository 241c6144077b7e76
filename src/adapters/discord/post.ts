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
import { Routes } from 'discord.js';
import type { Reply } from '../../core/reply/model.js';
import type { ChannelRef } from '../../store/types.js';
import { deliver } from './deliver.js';
import { classify } from './delivery-errors.js';
import { snowflakeTime } from './once.js';
import { canEmbed } from './permissions.js';
import { botId, type DiscordRuntime } from './runtime.js';

/** How far back, and through how many pages of 100 messages, an earlier post is looked for. */
export const EARLIER_POST_LOOKBACK_MS = 8 * 86_400_000;
const HISTORY_PAGES = 5;

export async function postToChannel(
  rt: DiscordRuntime,
  channel: ChannelRef,
  reply: Reply,
  key: string,
): Promise<void> {
  const me = botId(rt);
  const heading = reply.title.split(':')[0]?.trim() ?? '';
  if (me && heading) {
    const earlier = await findEarlierPost(rt, channel.channel, me, heading);
    if (earlier) {
      rt.log.info('the summary was already posted; not posting it again', {
        channel: channel.channel,
        message: earlier,
      });
      return;
    }
  }
  const target = await rt.client.channels.fetch(channel.channel).catch(() => null);
  const embeds = target && me ? canEmbed(target, me) : true;
  await deliver(rt, { channelId: channel.channel, nonceKey: key, embeds }, reply);
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
  rt: DiscordRuntime,
  channelId: string,
  me: string,
  heading: string,
): Promise<string | null> {
  const since = (rt.now ?? Date.now)() - EARLIER_POST_LOOKBACK_MS;
  let before: string | undefined;
  for (let page = 0; page < HISTORY_PAGES; page++) {
    let messages: HistoryMessage[];
    try {
      const query = new URLSearchParams({ limit: '100', ...(before && { before }) });
      messages = (await rt.client.rest.get(Routes.channelMessages(channelId), { query })) as HistoryMessage[];
    } catch (err) {
      const failure = classify(err);
      if (failure.kind !== 'forbidden') throw err;
      rt.log.warn('cannot read the channel history to look for an earlier summary post; posting', {
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
