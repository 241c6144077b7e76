// What arrived from a chat surface, as plain data: no SDK object, no closure. An
// adapter turns each platform event into one Incoming; everything after that is the
// pipeline's. Being plain data, an Incoming can be stored when it is taken and handled
// again after a crash, on any instance: replies are rebuilt from its place (and, for
// an interaction, its `respond` handle) alone.

/** Where something happened: a channel, and the thread inside it on platforms that have threads. */
export interface Place {
  platform: string;
  /** Slack team, Discord guild (`@dm` for direct messages), `local` in the terminal. */
  workspace: string;
  channel: string;
  /** The thread's root message id, when the event happened inside a thread. */
  thread?: string;
}

/** A file attached to a message, as the event lists it (before anything is downloaded). */
export interface AttachmentRef {
  /** The platform's id for the file (or its URL when it has no id). */
  id: string;
  name: string;
  /** The size the platform states; the download is capped whatever it says. */
  size?: number;
  /** The MIME type the platform states, if any. */
  mime?: string;
  /** Where to download it; absent when the platform lists files by id only. */
  url?: string;
}

/**
 * How a message reached the bot: it was addressed to it (a mention, a reply to the
 * bot, a direct message), it was seen in a channel that may be listening, or someone
 * used the "Diagnose crash" action on it.
 */
export type MessageMode = 'mention' | 'listen' | 'shortcut';

interface Common {
  /** The delivery's own id, what claim-once keys on: a message id, an interaction or trigger id. */
  id: string;
  place: Place;
  /** Who sent it (for a shortcut: the author of the message it is used on). */
  user: string;
  /**
   * How to answer an interaction: Slack's response_url, Discord's interaction id and
   * token. Plain text, valid for some minutes; absent for plain messages.
   */
  respond?: string;
  /**
   * Handled again after the instance that took it stopped (the inbox's take-over): part
   * of its answer may be up already, so the channel is asked before posting it again.
   */
  replayed?: true;
}

export interface MessageIncoming extends Common {
  kind: 'message' | 'edit';
  /** The message's id in its channel (Slack ts, Discord snowflake). */
  message: string;
  /** The text as typed: the platform's own escapes already undone by the adapter. */
  text: string;
  attachments: readonly AttachmentRef[];
  mode: MessageMode;
  /** Who asked, when not the author (a shortcut): the rate limits count them. */
  asker?: string;
  /** A link to the message, kept with the record. */
  link?: string;
  /** The message this one replies to, where replies are not threads (Discord): a follow-up of that conversation. */
  replyTo?: string;
  /** An edit: the text before it, when the platform says (unchanged text is no edit). */
  before?: string;
}

export interface DeleteIncoming extends Common {
  kind: 'delete';
  message: string;
}

export interface CommandIncoming extends Common {
  kind: 'command';
  /** What follows `/crash`, in the shared syntax (`137 public`, `listen on`, ...). */
  text: string;
  /** Whether the person may change this channel's settings; undefined when the surface does not say. */
  manager?: boolean;
}

export interface ClickIncoming extends Common {
  kind: 'click';
  action: 'feedback-fixed' | 'feedback-wrong';
  /** What the button carried (the record id). */
  value: string;
}

/** The bot was added to a channel (or a server): it says hello there once. `user`: the bot itself. */
export interface JoinedIncoming extends Common {
  kind: 'joined';
}

export type Incoming = MessageIncoming | DeleteIncoming | CommandIncoming | ClickIncoming | JoinedIncoming;

export function placeKey(p: Place): string {
  return `${p.platform}/${p.workspace}/${p.channel}`;
}

/** One message, on every surface and instance: the key of its claims and its index entry. */
export function messageKey(p: Place, message: string): string {
  return `${placeKey(p)}/${message}`;
}

/** The thread a message belongs to (a message outside any thread roots its own). */
export function threadKey(p: Place, message: string): string {
  return `${placeKey(p)}/${p.thread ?? message}`;
}
