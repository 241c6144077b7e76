// Whether the bot may show embeds in a channel. Without Embed Links, Discord accepts a
// message but drops its embeds in silence, so the reply goes out as plain text instead.
import { type Channel, PermissionFlagsBits } from 'discord.js';

export function canEmbed(channel: Channel | null, botId: string): boolean {
  if (!channel || channel.isDMBased() || !('permissionsFor' in channel)) return true;
  const permissions = channel.permissionsFor(botId);
  // Unknown (the bot's member or roles not cached): try embeds; a refusal falls back.
  return permissions ? permissions.has(PermissionFlagsBits.EmbedLinks) : true;
}
