// The GUILD_CREATE payload of the fake guild: its channels and active threads, the
// @everyone and bot roles, and the bot as a member, so discord.js can work out where
// the bot may write and embed.
import { EVERYONE_PERMISSIONS } from './world.mjs';

/** The GUILD_CREATE payload: channels, the @everyone and bot roles, and the bot as a member. */
export function guildCreate(world) {
  const { guild, bot } = world;
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    owner_id: world.users.ana.id,
    unavailable: false,
    member_count: 3,
    large: false,
    joined_at: new Date().toISOString(),
    features: [],
    emojis: [],
    stickers: [],
    roles: [
      role(guild.id, '@everyone', EVERYONE_PERMISSIONS, 0),
      { ...role(world.guild.botRoleId, 'crashbot', '0', 1), managed: true, tags: { bot_id: bot.id } },
    ],
    channels: world.channels,
    threads: world.threads.slice(0, 1),
    members: [member(bot, [guild.botRoleId])],
    voice_states: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    preferred_locale: 'en-US',
    premium_tier: 0,
    system_channel_flags: 0,
  };
}

function role(id, name, permissions, position) {
  return {
    id,
    name,
    permissions,
    position,
    color: 0,
    hoist: false,
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

export function member(user, roles = []) {
  return { user, roles, joined_at: new Date().toISOString(), deaf: false, mute: false, flags: 0 };
}

/**
 * The GUILD_CREATE Discord sends when the bot is added to another server: its own
 * channels, @everyone with `everyone` permissions, the bot as a member, and the
 * server's system channel (where Discord posts join messages), if any.
 */
export function joinedGuildCreate(world, g) {
  const base = guildCreate(world);
  return {
    ...base,
    id: g.id,
    name: g.name,
    roles: [
      role(g.id, '@everyone', g.everyone, 0),
      { ...role(g.botRoleId, 'crashbot', '0', 1), managed: true, tags: { bot_id: world.bot.id } },
    ],
    channels: g.channels,
    threads: [],
    members: [member(world.bot, [g.botRoleId])],
    system_channel_id: g.systemChannelId ?? null,
  };
}
