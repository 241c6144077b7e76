// INTERACTION_CREATE payloads: the /crash slash command, the "Diagnose crash" message
// command and button clicks, shaped like Discord's API v10 interaction objects.
import { member } from './guild.mjs';
import { snowflake } from './world.mjs';

const MANAGE_CHANNELS = 1n << 4n;
const BASE_PERMISSIONS = (1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n);

function base(world, o) {
  const user = o.user ?? world.users.ana;
  const dm = o.dm === true;
  const channel = dm
    ? world.dmChannel
    : (world.channels.find((c) => c.id === (o.channelId ?? world.channel)) ?? world.channels[0]);
  const permissions = String(o.manageChannels ? BASE_PERMISSIONS | MANAGE_CHANNELS : BASE_PERMISSIONS);
  return {
    id: o.id ?? snowflake(),
    application_id: world.applicationId,
    token: o.token ?? `itoken-${snowflake()}`,
    version: 1,
    channel,
    channel_id: channel.id,
    ...(dm ? { user } : { guild_id: world.guild.id, member: { ...member(user), permissions } }),
    app_permissions: String(BASE_PERMISSIONS | (1n << 14n) | (1n << 15n)),
    locale: 'en-US',
    guild_locale: 'en-US',
    entitlements: [],
    authorizing_integration_owners: { 0: world.guild.id },
    context: dm ? 1 : 0,
    attachment_size_limit: 10 * 1024 * 1024,
  };
}

/** `/crash <sub> name:value ...`; option types: strings are 3, booleans 5. */
export function slashCommand(world, sub, options = {}, o = {}) {
  return {
    ...base(world, o),
    type: 2,
    data: {
      id: '1600000000000000001',
      name: 'crash',
      type: 1,
      options: [
        {
          type: 1,
          name: sub,
          options: Object.entries(options).map(([name, value]) => ({
            type: typeof value === 'boolean' ? 5 : 3,
            name,
            value,
          })),
        },
      ],
    },
  };
}

/** The "Diagnose crash" context-menu command on `target` (a message payload). */
export function messageCommand(world, target, o = {}) {
  return {
    ...base(world, o),
    type: 2,
    data: {
      id: '1600000000000000002',
      name: 'Diagnose crash',
      type: 3,
      target_id: target.id,
      resolved: { messages: { [target.id]: target } },
    },
  };
}

/** A click on a button of `botMessage` (a message the bot sent). */
export function buttonClick(world, botMessage, customId, o = {}) {
  return {
    ...base(world, o),
    type: 3,
    message: botMessage,
    data: { custom_id: customId, component_type: 2 },
  };
}
