// Discord as the pipeline sees it: a message is answered with a reply to it, an
// interaction must be answered through its token (deferred when the work is slow),
// files come from Discord's hosts, and turning listening on without the Message
// Content intent says what is missing.
import type { Client } from 'discord.js';
import type { AttachmentSource, Surface } from '../../app/conversation/ports.js';
import { channelAt, interactionChannel } from './channel.js';
import { discordHelpReply, LISTENING_NEEDS_INTENT } from './help.js';

export interface DiscordSurfaceOptions {
  client: Client;
  attachments: AttachmentSource;
  messageContent: boolean;
  /** Defer an interaction whose answer takes longer than this (Discord allows 3 s). */
  deferAfterMs: number;
}

export function discordSurface(o: DiscordSurfaceOptions): Surface {
  return {
    info: {
      platform: 'discord',
      replies: 'reply',
      interactionsNeedAnswer: true,
      diagnoseAction: 'right-click it, Apps, Diagnose crash',
      help: discordHelpReply(),
      get mention() {
        const name = o.client.user?.username;
        return name ? `@${name}` : undefined;
      },
    },
    attachments: o.attachments,
    at: (target) => channelAt(o.client, target),
    respond: (x) => interactionChannel(o.client, x.respond ?? ':', x.place.channel, o.deferAfterMs),
    turnedOn: async (_place, what) =>
      what === 'listening' && !o.messageContent ? LISTENING_NEEDS_INTENT : null,
  };
}
