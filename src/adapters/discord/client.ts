// The discord.js Client, set up for this bot: the intents its features need, partials
// for DMs and for edits of messages it has not cached, REST against DISCORD_API_URL
// when set, no pings from anything it echoes, and bounded caches so a bot in many
// guilds keeps a steady footprint.
import { Client, Options, Partials } from 'discord.js';
import { type DiscordFeatures, intentsFor } from './intents.js';

export interface ClientSettings extends DiscordFeatures {
  /** The REST base, e.g. http://127.0.0.1:8080/api; the gateway is what its /gateway/bot returns. */
  apiUrl?: string | undefined;
  /** Retries of a failed request (5xx, network errors) inside discord.js; 429s are always waited out. */
  restRetries?: number;
  restTimeoutMs?: number;
  /**
   * Discord's global limit on this bot's requests per second: 50 unless Discord raised it
   * for the bot. discord.js queues requests beyond it. Interaction answers do not count.
   */
  globalRequestsPerSecond?: number;
}

export function createDiscordClient(settings: ClientSettings): Client {
  return new Client({
    intents: intentsFor(settings),
    partials: [Partials.Channel, Partials.Message],
    rest: {
      ...(settings.apiUrl && { api: settings.apiUrl }),
      retries: settings.restRetries ?? 3,
      timeout: settings.restTimeoutMs ?? 15_000,
      globalRequestsPerSecond: settings.globalRequestsPerSecond ?? 50,
    },
    allowedMentions: { parse: [], repliedUser: false },
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 50,
      ReactionManager: 0,
      PresenceManager: 0,
      GuildMemberManager: { maxSize: 100, keepOverLimit: (m) => m.id === m.client.user.id },
      UserManager: { maxSize: 1000, keepOverLimit: (u) => u.id === u.client.user.id },
    }),
    sweepers: {
      ...Options.DefaultSweeperSettings,
      messages: { interval: 600, lifetime: 1800 },
    },
  });
}
