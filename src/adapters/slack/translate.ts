// Slack payloads -> the pipeline's Incoming values. Slack's markup in the text
// (`&lt;`, `<https://...|label>`, `<@U123>`) is undone here, once; a message inside a
// thread carries the thread; every id is Slack's own, so a retry of one event is the
// same Incoming.
import type { Incoming, MessageIncoming, MessageMode, Place } from '../../app/conversation/incoming.js';
import { fileRef } from './attachments.js';
import type { BlockAction, ListedMessage, MessageShortcut, SlashCommand } from './incoming.js';
import { slackToPlain } from './mrkdwn.js';

export function slackPlace(workspace: string, channel: string, ts: string, threadTs?: string): Place {
  return {
    platform: 'slack',
    workspace,
    channel,
    ...(threadTs !== undefined && threadTs !== ts && { thread: threadTs }),
  };
}

/** A link to a message (thread replies included), for the crash record. */
export function messageLink(channel: string, ts: string, threadTs?: string): string {
  const base = `https://slack.com/archives/${channel}/p${ts.replace('.', '')}`;
  return threadTs && threadTs !== ts ? `${base}?thread_ts=${threadTs}&cid=${channel}` : base;
}

export interface MessageContext {
  workspace: string;
  channel: string;
  botUserId: string | undefined;
}

export function messageIncoming(
  kind: 'message' | 'edit',
  c: MessageContext,
  m: ListedMessage & { user: string },
  mode: MessageMode,
): MessageIncoming {
  return {
    kind,
    id: m.ts,
    place: slackPlace(c.workspace, c.channel, m.ts, m.thread_ts),
    user: m.user,
    message: m.ts,
    text: slackToPlain(m.text, c.botUserId),
    attachments: m.files.map(fileRef),
    mode,
    link: messageLink(c.channel, m.ts, m.thread_ts),
  };
}

export function shortcutIncoming(s: MessageShortcut, workspace: string, botUserId?: string): MessageIncoming {
  const m = s.message;
  return {
    kind: 'message',
    id: s.trigger_id ?? `shortcut:${m.ts}:${s.user.id}`,
    place: slackPlace(workspace, s.channel.id, m.ts, m.thread_ts),
    user: m.user ?? s.user.id,
    asker: s.user.id,
    message: m.ts,
    text: slackToPlain(m.text, botUserId),
    attachments: m.files.map(fileRef),
    mode: 'shortcut',
    link: messageLink(s.channel.id, m.ts, m.thread_ts),
    ...(s.response_url !== undefined && { respond: s.response_url }),
  };
}

export function commandIncoming(c: SlashCommand): Incoming {
  return {
    kind: 'command',
    id: c.trigger_id ?? `command:${c.channel_id}:${c.user_id}:${Date.now()}`,
    place: { platform: 'slack', workspace: c.team_id, channel: c.channel_id },
    user: c.user_id,
    text: c.text,
    ...(c.response_url !== undefined && { respond: c.response_url }),
  };
}

export function clickIncoming(b: BlockAction, workspace: string, channel: string): Incoming | null {
  const action = b.actions[0]!;
  if (action.action_id !== 'feedback-fixed' && action.action_id !== 'feedback-wrong') return null;
  return {
    kind: 'click',
    id: b.trigger_id ?? `click:${channel}:${b.user.id}:${Date.now()}`,
    place: { platform: 'slack', workspace, channel },
    user: b.user.id,
    action: action.action_id,
    value: action.value ?? '',
    ...(b.response_url !== undefined && { respond: b.response_url }),
  };
}
