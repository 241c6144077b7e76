// Where a Discord message lives, in the store's terms: platform `discord`, the guild
// as workspace (`@dm` for direct messages), the channel (or thread) id.
import type { ChannelRef } from '../../store/types.js';

export const DM_WORKSPACE = '@dm';

export function channelRef(guildId: string | null, channelId: string): ChannelRef {
  return { platform: 'discord', workspace: guildId ?? DM_WORKSPACE, channel: channelId };
}

/** The message's jump link, as Discord's "Copy Message Link" gives it. */
export function messageLink(guildId: string | null, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;
}
