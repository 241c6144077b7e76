// The Discord front end: a discord.js client whose events become Incoming values for
// the conversation pipeline. discord.js's REST retries (and its wait on rate limits)
// are the only retries. Stop lets the work in flight finish (for a while) before the
// connection closes.
import { Status } from 'discord.js';
import type { ChatFrontEnd, FrontEndContext } from '../front-end.js';
import { DISCORD_ATTACHMENT_ORIGINS, discordFiles } from './attachments.js';
import { createDiscordClient } from './client.js';
import { watchConnection } from './connection.js';
import { listenForEvents } from './events.js';
import { intentChoices } from './intents.js';
import { loginAndWait } from './login.js';
import { guardPackets } from './packet-guard.js';
import { postToChannel } from './post.js';
import { discordSurface } from './surface.js';

export interface DiscordOptions {
  /** Defer an interaction whose answer takes longer than this (Discord allows 3 s). */
  deferAfterMs: number;
  /** discord.js's retries of a failed request (5xx, network errors); 429s are always waited out. */
  restRetries: number;
  loginTimeoutMs: number;
  /** How long stop() waits for work in flight. */
  drainMs: number;
  /** The clock for event stamps (Date.now when absent). */
  now?: () => number;
}

export const DEFAULT_OPTIONS: DiscordOptions = {
  deferAfterMs: 1_500,
  restRetries: 3,
  loginTimeoutMs: 60_000,
  drainMs: 10_000,
};

export async function createDiscordFrontEnd(
  ctx: FrontEndContext,
  options: Partial<DiscordOptions> = {},
): Promise<ChatFrontEnd> {
  const settings = ctx.config.discord;
  if (!settings) throw new Error('Discord is not configured: set DISCORD_TOKEN');
  const o = { ...DEFAULT_OPTIONS, ...options };
  const now = o.now ?? Date.now;
  const log = ctx.log.child({ name: 'discord' });
  const client = createDiscordClient({
    messageContent: settings.messageContent,
    apiUrl: settings.apiUrl,
    globalRequestsPerSecond: settings.globalRequestsPerSecond,
    restRetries: o.restRetries,
  });
  const origins = [
    ...DISCORD_ATTACHMENT_ORIGINS,
    ...(settings.apiUrl ? [new URL(settings.apiUrl).origin] : []),
  ];
  const handle = ctx.conversation.attach(
    discordSurface({
      client,
      attachments: discordFiles(origins),
      messageContent: settings.messageContent,
      deferAfterMs: o.deferAfterMs,
    }),
  );
  const trouble = () => ctx.events?.failed?.('frontend');
  listenForEvents(client, { handle, log, messageContent: settings.messageContent, now, trouble });
  watchConnection(client, log, trouble);
  guardPackets(client, log, trouble);

  const login = await loginAndWait(client, settings.token, o.loginTimeoutMs);
  if (!login.ok) {
    await client.destroy();
    throw new Error(`${login.message} [${login.code}]`);
  }
  log.info(`logged in as ${client.user?.tag ?? 'the bot'}`, {
    guilds: client.guilds.cache.size,
    intents: intentChoices(settings).map((c) => c.name),
  });

  return {
    platform: 'discord',
    post: (channel, reply, key) => postToChannel(client, log, channel, reply, key, now),
    // The client stays 'ready' when a shard closes for good; each shard's status tells.
    ready: () => client.isReady() && client.ws.shards.every((s) => s.status === Status.Ready),
    async stop() {
      await ctx.conversation.drain(o.drainMs);
      await client.destroy();
    },
  };
}
