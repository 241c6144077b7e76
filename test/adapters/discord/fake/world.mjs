// The fake Discord's world: the bot, people, one guild with text channels, and the
// payloads the gateway dispatches (shaped like Discord's API v10 objects).

const DISCORD_EPOCH = 1420070400000n;
let increment = 0n;

/** A snowflake for now: time since Discord's epoch, then a counter. */
export function snowflake(at = Date.now()) {
  increment = (increment + 1n) & 0xfffn;
  return String(((BigInt(at) - DISCORD_EPOCH) << 22n) | increment);
}

/** Permissions of @everyone in the fake guild: view, send, embed, attach, history, threads. */
export const EVERYONE_PERMISSIONS = String(
  (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 38n) | (1n << 31n),
);

/** `extraChannels` adds text channels #load-1 ... #load-N (the bench spreads traffic over them). */
export function createWorld(extraChannels = 0) {
  const applicationId = '1100000000000000001';
  const bot = {
    id: applicationId,
    username: 'crashbot',
    discriminator: '0',
    global_name: null,
    avatar: null,
    bot: true,
  };
  const ana = {
    id: '1200000000000000001',
    username: 'ana',
    discriminator: '0',
    global_name: 'Ana',
    avatar: null,
  };
  const ben = {
    id: '1200000000000000002',
    username: 'ben',
    discriminator: '0',
    global_name: 'Ben',
    avatar: null,
  };
  const otherBot = {
    id: '1200000000000000003',
    username: 'ci-bot',
    discriminator: '0',
    global_name: null,
    avatar: null,
    bot: true,
  };
  const guildId = '1300000000000000001';
  const botRoleId = '1400000000000000002';
  const channels = [
    {
      id: '1500000000000000001',
      type: 0,
      name: 'training',
      guild_id: guildId,
      position: 0,
      permission_overwrites: [],
    },
    {
      id: '1500000000000000002',
      type: 0,
      name: 'general',
      guild_id: guildId,
      position: 1,
      permission_overwrites: [],
    },
    {
      id: '1500000000000000003',
      type: 0,
      name: 'no-embeds',
      guild_id: guildId,
      position: 2,
      // @everyone may not embed links here.
      permission_overwrites: [{ id: guildId, type: 0, allow: '0', deny: String(1n << 14n) }],
    },
    ...Array.from({ length: extraChannels }, (_, i) => ({
      id: String(1510000000000000000n + BigInt(i)),
      type: 0,
      name: `load-${i + 1}`,
      guild_id: guildId,
      position: 3 + i,
      permission_overwrites: [],
    })),
  ];
  const thread = (id, name) => ({
    id,
    type: 11,
    name,
    guild_id: guildId,
    parent_id: channels[0].id,
    owner_id: ana.id,
    thread_metadata: {
      archived: false,
      auto_archive_duration: 1440,
      archive_timestamp: new Date().toISOString(),
      locked: false,
    },
    message_count: 1,
    member_count: 1,
  });
  return {
    applicationId,
    token: 'fake-bot-token',
    bot,
    users: { ana, ben, otherBot },
    guild: { id: guildId, name: 'ML lab', botRoleId },
    channels,
    channel: channels[0].id,
    /** Channels of the servers the bot is added to during a test (joinGuild). */
    joinedChannels: [],
    dmChannel: { id: '1500000000000000009', type: 1, recipients: [ana] },
    /** Active threads: the first is in GUILD_CREATE; the second the client only learns of from a message in it. */
    threads: [thread('1500000000000000010', 'oom-help'), thread('1500000000000000011', 'late-thread')],
  };
}

/**
 * A MESSAGE_CREATE payload. `mentionBot` puts `<@bot>` in front and lists the bot in
 * `mentions`; `attachments` are objects from `fake.attachments.add`.
 */
export function message(world, o = {}) {
  const author = o.author ?? world.users.ana;
  const dm = o.dm === true;
  const mentions = [...(o.mentions ?? [])];
  let content = o.content ?? '';
  if (o.mentionBot) {
    content = `<@${world.bot.id}> ${content}`;
    mentions.push(world.bot);
  }
  return {
    id: o.id ?? snowflake(),
    channel_id: dm ? world.dmChannel.id : (o.channelId ?? world.channel),
    channel_type: dm ? 1 : (world.threads.find((t) => t.id === o.channelId)?.type ?? 0),
    ...(dm ? {} : { guild_id: world.guild.id, member: { roles: [], joined_at: new Date().toISOString() } }),
    author,
    content,
    timestamp: new Date().toISOString(),
    edited_timestamp: o.edited ? new Date().toISOString() : null,
    tts: false,
    mention_everyone: false,
    mentions,
    mention_roles: o.mentionRoles ?? [],
    attachments: o.attachments ?? [],
    embeds: [],
    pinned: false,
    type: o.referenced ? 19 : 0,
    flags: 0,
    ...(o.referenced
      ? {
          message_reference: {
            message_id: o.referenced.id,
            channel_id: o.referenced.channel_id,
            guild_id: world.guild.id,
          },
          referenced_message: o.referenced,
        }
      : {}),
    ...(o.webhookId ? { webhook_id: o.webhookId } : {}),
  };
}
