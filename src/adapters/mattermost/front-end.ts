// The Mattermost front end: the bot account's REST client and WebSocket (both from
// @mattermost/client), whose events become Incoming values for the conversation pipeline,
// and, when MATTERMOST_COMMAND_TOKEN is set, the HTTP endpoint for /crash and the buttons.
// Mattermost as the pipeline sees it: answers go in the message's thread (root_id); a
// command is answered through its response_url, a click in its response; a private
// answer is an ephemeral post; a bare mention in a thread reads the thread's first post;
// listening or the summary turned on joins the channel. The weekly summary carries its
// key in a post prop, so a retry finds an earlier post of the channel's last 8 days.
import { postReply } from '../../app/conversation/delivery.js';
import type { Surface } from '../../app/conversation/ports.js';
import type { Reply } from '../../core/reply/model.js';
import type { ChatFrontEnd, FrontEndContext } from '../front-end.js';
import {
  clickChannel,
  ephemeralChannel,
  postChannel,
  responseChannel,
  SENT_DIRECT,
  type SendDirect,
  SUMMARY_PROP,
  type WaitingClicks,
} from './channel.js';
import { MattermostClient, statusOf } from './client.js';
import { ACTIONS_PATH, buttonMaker, isManager, startCommandServer } from './commands.js';
import { type Bot, type EventContext, incomingOf, messageIncoming } from './events.js';
import { mattermostFiles } from './files.js';
import { renderMattermost } from './render.js';
import { connectSocket } from './socket.js';

export const DEFAULT_OPTIONS = {
  timeoutMs: 15_000,
  retries: 3,
  connectTimeoutMs: 30_000,
  /** How long a /crash request waits for its event to be kept, and a click for its answer. */
  waitMs: 2_500,
  drainMs: 10_000,
  /** The WebSocket's first reconnect delay (the client backs off from there). */
  reconnectMs: 3_000,
};
export type MattermostOptions = typeof DEFAULT_OPTIONS;

const fail = (message: string, code: string) => new Error(`${message} [${code}]`);

export async function createMattermostFrontEnd(
  ctx: FrontEndContext,
  options: Partial<MattermostOptions> = {},
) {
  const settings = ctx.config.mattermost;
  if (!settings) throw new Error('Mattermost is not configured: set MATTERMOST_URL and MATTERMOST_TOKEN');
  const o = { ...DEFAULT_OPTIONS, ...options };
  const log = ctx.log.child({ name: 'mattermost' });
  const client = new MattermostClient({
    url: settings.url,
    token: settings.token,
    ...o,
    maxWaitMs: o.timeoutMs,
  });
  const siteUrl = client.getUrl();
  const bot: Bot = await client.getMe().catch((err: Error) => {
    if (statusOf(err) === 401)
      throw fail(
        'Mattermost refused MATTERMOST_TOKEN: create an access token for the bot account (Integrations > Bot Accounts) and set it',
        'MATTERMOST_AUTH_FAILED',
      );
    throw fail(
      `cannot reach Mattermost at ${siteUrl}: ${err.message}; check MATTERMOST_URL`,
      'MATTERMOST_UNREACHABLE',
    );
  });
  const events: EventContext = { bot, workspace: new URL(siteUrl).host, siteUrl };
  const { commandToken: token, callbackUrl } = settings;
  const buttons = token && callbackUrl ? buttonMaker(`${callbackUrl}${ACTIONS_PATH}`, token) : undefined;
  const render = (reply: Reply, style: 'rich' | 'plain') => renderMattermost(reply, style, buttons);
  const waiting: WaitingClicks = new Map();
  /** Posts a message in full (files included) in the direct messages of the bot and `user`. */
  const directTo =
    (user: string): SendDirect =>
    async (m) => {
      try {
        const dm = await client.createDirectChannel([bot.id, user]);
        const place = { platform: 'mattermost', workspace: events.workspace, channel: dm.id };
        await postChannel(client, { place }, render).post(m, { part: 0, private: false });
        return true;
      } catch (err) {
        log.warn('could not send the chart in a direct message; the answer goes without it', {
          error: (err as Error).message,
        });
        return false;
      }
    };
  const surface: Surface = {
    info: {
      platform: 'mattermost',
      replies: 'thread',
      interactionsNeedAnswer: false,
      mention: `@${bot.username}`,
    },
    attachments: mattermostFiles(client, settings.token),
    at: (target) => postChannel(client, target, render),
    respond: (x) =>
      x.respond?.startsWith('click:')
        ? clickChannel(x.respond, waiting, render)
        : responseChannel(x.respond ?? '', new URL(siteUrl).origin, render, o.timeoutMs, {
            send: directTo(x.user),
            note: SENT_DIRECT(bot.username),
          }),
    privately: (place, user) => ephemeralChannel(client, { place }, user, render),
    mayManage: (place, user) => isManager(client, place.channel, user),
    async threadStart(place) {
      const post = place.thread ? await client.getPost(place.thread).catch(() => null) : null;
      const x =
        post && messageIncoming(events, 'message', { ...post, file_ids: post.file_ids ?? null }, 'mention');
      return x && x.kind === 'message' ? { text: x.text, attachments: [...x.attachments] } : null;
    },
    async turnedOn(place) {
      const member = await client.getChannelMember(place.channel, bot.id).catch(() => null);
      if (member || (await client.addToChannel(bot.id, place.channel).catch(() => null))) return null;
      return `Add me to this channel (\`/invite @${bot.username}\`) so I can read and post here.`;
    },
  };
  const handle = ctx.conversation.attach(surface);
  const socket = await connectSocket({
    client,
    token: settings.token,
    timeoutMs: o.connectTimeoutMs,
    reconnectMs: o.reconnectMs,
    log,
    onEvent: (m) => {
      const x = incomingOf(m, events, log);
      if (x) void handle(x);
    },
  });
  const server = token
    ? await startCommandServer(
        { client, commandToken: token, workspace: events.workspace, handle, waiting, waitMs: o.waitMs, log },
        settings.commandPort,
        settings.commandHost,
      ).catch((err: Error) => {
        socket.close();
        throw fail(
          `cannot listen on MATTERMOST_COMMAND_PORT ${settings.commandPort}: ${err.message}`,
          'MATTERMOST_LISTEN_FAILED',
        );
      })
    : undefined;
  log.info(`connected as @${bot.username}`, {
    commands: server ? `port ${server.port}` : 'off (set MATTERMOST_COMMAND_TOKEN)',
    buttons: buttons ? 'on' : 'off (set MATTERMOST_CALLBACK_URL)',
  });

  const frontEnd: ChatFrontEnd & { commandPort: number | undefined } = {
    platform: 'mattermost',
    commandPort: server?.port,
    async post(channel, reply, key) {
      const since = Date.now() - 8 * 86_400_000;
      const recent = await client.getPostsSince(channel.channel, since).catch((err: Error) => {
        log.warn('cannot read the channel to look for an earlier summary post; posting', {
          error: err.message,
        });
        return null;
      });
      const mine = Object.values(recent?.posts ?? {}).filter((p) => p.user_id === bot.id && !p.delete_at);
      if (mine.some((p) => p.props?.[SUMMARY_PROP] === key))
        return log.info('the summary was already posted; not posting it again', { channel: channel.channel });
      await postReply(postChannel(client, { place: channel }, render), reply, { private: false, key }, log);
    },
    ready: () => socket.connected() && (!token || server?.port !== undefined),
    async stop() {
      socket.close();
      await server?.stop(1_000);
      await ctx.conversation.drain(o.drainMs);
    },
  };
  return frontEnd;
}
