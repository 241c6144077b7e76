// Slack as the pipeline sees it: answers in the message's thread, interactions through
// their response_url (which may go unanswered), ephemeral messages for private answers,
// files from Slack's hosts with the bot token, the message that opened a thread, who may
// change a channel's settings (managers.ts), and a channel joined when listening or the
// summary is turned on there.
import type { webApi } from '@slack/bolt';
import type { Surface } from '../../app/conversation/ports.js';
import type { Logger } from '../../app/logger.js';
import { fileRef, slackFiles } from './attachments.js';
import { ephemeralChannel, joinChannel, slackErrorCode, threadChannel } from './channel.js';
import { listedMessageSchema } from './incoming.js';
import { isMember, slackMayManage } from './managers.js';
import { slackToPlain } from './mrkdwn.js';
import { responseChannel } from './respond.js';
import { privateUpload } from './uploads.js';

export interface SlackSurfaceOptions {
  client: webApi.WebClient;
  token: string;
  /** Origins besides Slack's own https hosts that may get the token (a local Slack API in tests). */
  extraOrigins: readonly string[];
  /** The bot's own user id, once known: its mention is dropped from a thread's first message. */
  botUserId: () => string | undefined;
  /** The bot's name (auth.test's `user`), once known, for the welcome. */
  botName: () => string | undefined;
  requestTimeoutMs: number;
  log: Logger;
}

export function slackSurface(o: SlackSurfaceOptions): Surface {
  const { client } = o;
  const upload = privateUpload(client, o.log);
  return {
    info: {
      platform: 'slack',
      replies: 'thread',
      interactionsNeedAnswer: false,
      diagnoseAction: 'use "Diagnose crash" in its message menu (More actions)',
      get mention() {
        const name = o.botName();
        return name ? `@${name}` : undefined;
      },
    },
    attachments: slackFiles(client, o.token, o.extraOrigins),
    at: (target, log) => threadChannel(client, target, log),
    respond: (x) => responseChannel(x.respond ?? '', o.extraOrigins, o.requestTimeoutMs, upload),
    privately: (place, user) => ephemeralChannel(client, place.channel, user, upload),
    mayManage: (place, user) => slackMayManage(client, place.channel, user),
    async threadStart(place) {
      if (!place.thread) return null;
      try {
        const res = await client.conversations.replies({
          channel: place.channel,
          ts: place.thread,
          limit: 1,
          inclusive: true,
        });
        const parsed = listedMessageSchema.safeParse(res.messages?.[0]);
        if (!parsed.success || parsed.data.ts !== place.thread) return null;
        return {
          text: slackToPlain(parsed.data.text, o.botUserId()),
          attachments: parsed.data.files.map(fileRef),
        };
      } catch (err) {
        o.log.info('could not read the message that opened the thread', { code: slackErrorCode(err) });
        return null;
      }
    },
    async turnedOn(place) {
      return (await joinChannel(client, place.channel, o.log)) || (await isMember(client, place.channel))
        ? null
        : 'Invite me to this channel (`/invite @crashbot`) so I can read and post here.';
    },
  };
}
