// The gateway's events -> the pipeline: messages (addressed to the bot, or any with the
// Message Content intent, for channels that listen), their edits and deletions, and
// interactions (/crash, "Diagnose crash", the feedback buttons), and the bot added to a
// server (a welcome in its system channel, or its first text channel the bot may write in). Only people are
// answered; an event stamped in the future is refused; anything else (another app's
// commands and buttons) is left alone. Each event runs on its own: a bad one is logged.
import {
  ChannelType,
  type Client,
  Events,
  type Guild,
  type GuildBasedChannel,
  type Interaction,
  type Message,
  type PartialMessage,
  PermissionFlagsBits,
  type TextChannel,
} from 'discord.js';
import type { Incoming } from '../../app/conversation/incoming.js';
import type { Logger } from '../../app/logger.js';
import { CRASH_COMMAND, DIAGNOSE_COMMAND } from './commands.js';
import { parseCustomId } from './render/components.js';
import { refusedStamp } from './stamps.js';
import {
  addressed,
  clickIncoming,
  commandIncoming,
  discordPlace,
  fromPerson,
  messageIncoming,
  shortcutIncoming,
} from './translate.js';

export interface EventOptions {
  handle: (x: Incoming) => Promise<void>;
  log: Logger;
  /** The Message Content intent is on: messages without a mention can be read. */
  messageContent: boolean;
  now: () => number;
  /** Told when handling an event failed here (counted as a front end failure). */
  trouble?: () => void;
}

export function listenForEvents(client: Client, o: EventOptions): void {
  const guarded = (what: string, job: () => Promise<void> | void) => {
    Promise.resolve()
      .then(job)
      .catch((err: unknown) => {
        o.trouble?.();
        o.log.warn(`handling ${what} failed`, { error: (err as Error).message });
      });
  };
  const refused = (what: string, id: string) => refusedStamp(o.log, o.now(), what, id);
  const me = () => client.user?.id ?? null;

  const onMessage = async (kind: 'message' | 'edit', m: Message) => {
    const bot = me();
    if (!bot || !fromPerson(m) || refused(kind === 'message' ? 'a message' : 'an edit', m.id)) return;
    const mode = addressed(m, bot) ? 'mention' : o.messageContent ? 'listen' : null;
    if (mode) await o.handle(messageIncoming(kind, m, bot, mode));
  };
  client.on(Events.MessageCreate, (m) => guarded('a message', () => onMessage('message', m)));
  client.on(Events.MessageUpdate, (_old, updated: Message | PartialMessage) =>
    guarded('an edit', async () => {
      const m = updated.partial ? await updated.fetch().catch(() => null) : updated;
      if (m) await onMessage('edit', m);
    }),
  );
  client.on(Events.MessageDelete, (m) =>
    guarded('a deletion', () =>
      o.handle({
        kind: 'delete',
        id: `deleted:${m.id}`,
        place: discordPlace(m.guildId, m.channelId),
        user: '',
        message: m.id,
      }),
    ),
  );
  // Added to a server (not a server coming back after an outage: that is guildAvailable).
  client.on(Events.GuildCreate, (g) =>
    guarded('a new server', async () => {
      const channel = welcomeChannel(g);
      if (!channel) return o.log.info('added to a server with no channel to greet in', { guild: g.id });
      const place = discordPlace(g.id, channel.id);
      await o.handle({ kind: 'joined', id: `${g.id}:${g.joinedTimestamp}`, place, user: me() ?? '' });
    }),
  );
  client.on(Events.InteractionCreate, (i) =>
    guarded('an interaction', async () => {
      const x = interactionIncoming(i, me() ?? '');
      if (x && !refused('an interaction', i.id)) await o.handle(x);
    }),
  );
}

function interactionIncoming(i: Interaction, me: string): Incoming | null {
  if (i.isChatInputCommand() && i.commandName === CRASH_COMMAND) return commandIncoming(i);
  if (i.isMessageContextMenuCommand() && i.commandName === DIAGNOSE_COMMAND) return shortcutIncoming(i, me);
  if (!i.isButton()) return null;
  const button = parseCustomId(i.customId);
  return button.ok ? clickIncoming(i, button) : null;
}

/** Where to say hello in a server: its system channel, else its first text channel, where the bot may write. */
function welcomeChannel(g: Guild): TextChannel | null {
  const me = g.members.me;
  const writable = (c: GuildBasedChannel | null): c is TextChannel =>
    c?.type === ChannelType.GuildText &&
    me !== null &&
    c.permissionsFor(me).has([PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages]);
  if (writable(g.systemChannel)) return g.systemChannel;
  const text = [...g.channels.cache.values()].filter(writable);
  return text.sort((a, b) => a.rawPosition - b.rawPosition)[0] ?? null;
}
