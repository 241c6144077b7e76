// Posting a reply the bot was not asked for: the weekly summary, with its chart. The
// nonce comes from the scheduler's key, so a post retried after a lost response is
// dropped by Discord rather than shown twice. A failure throws: the scheduler retries.
// Discord checks nonces over the past few minutes only: an instance killed between the
// post and the store marking it done is retried once its lease runs out (10 minutes),
// which that window does not cover (Slack looks the earlier post up by its key instead).
import type { Reply } from '../../core/reply/model.js';
import type { ChannelRef } from '../../store/types.js';
import { deliver } from './deliver.js';
import { canEmbed } from './permissions.js';
import { botId, type DiscordRuntime } from './runtime.js';

export async function postToChannel(
  rt: DiscordRuntime,
  channel: ChannelRef,
  reply: Reply,
  key: string,
): Promise<void> {
  const me = botId(rt);
  const target = await rt.client.channels.fetch(channel.channel).catch(() => null);
  const embeds = target && me ? canEmbed(target, me) : true;
  await deliver(rt, { channelId: channel.channel, nonceKey: key, embeds }, reply);
}
