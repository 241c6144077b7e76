// Slack payloads as Slack sends them, for the tests: events, slash commands, a message
// shortcut and button clicks. Timestamps and ids are unique per call.
import type { SlackFileObject } from './fake/fake-slack.mjs';

let counter = 0;
const next = () => ++counter;

export const TEAM = 'T0FAKE';
export const CHANNEL = 'C0TRAIN';
export const USER = 'U0ANA';

/** Message text as Slack sends it: `&`, `<` and `>` escaped. */
export function slackText(typed: string): string {
  return typed.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function newTs(): string {
  return `1710000000.${String(next()).padStart(6, '0')}`;
}

export function newEventId(): string {
  return `Ev${String(next()).padStart(10, '0')}`;
}

export interface MessageOptions {
  /** As typed; sent escaped, as Slack does. */
  text: string;
  channel?: string;
  user?: string;
  ts?: string;
  thread_ts?: string;
  files?: SlackFileObject[];
  channel_type?: string;
  bot_id?: string;
  subtype?: string;
  /** The text is already in Slack's markup. */
  raw?: boolean;
}

function messageBody(type: 'app_mention' | 'message', o: MessageOptions) {
  const ts = o.ts ?? newTs();
  return {
    type,
    ...(o.subtype && { subtype: o.subtype }),
    channel: o.channel ?? CHANNEL,
    channel_type: o.channel_type ?? 'channel',
    user: o.user ?? USER,
    ...(o.bot_id && { bot_id: o.bot_id }),
    text: o.raw ? o.text : slackText(o.text),
    ts,
    ...(o.thread_ts && { thread_ts: o.thread_ts }),
    ...(o.files && { files: o.files }),
    team: TEAM,
    event_ts: ts,
  };
}

/** `@crashbot <text>` as an app_mention event. */
export function mention(o: MessageOptions, botUserId = 'U0CRASHBOT') {
  return messageBody('app_mention', {
    ...o,
    raw: true,
    text: `<@${botUserId}> ${o.raw ? o.text : slackText(o.text)}`,
  });
}

export function message(o: MessageOptions) {
  return messageBody('message', o);
}

/** An edit: `message_changed` carrying the new and the previous text. */
export function edit(o: { ts: string; text: string; previous: string; channel?: string; user?: string }) {
  const channel = o.channel ?? CHANNEL;
  return {
    type: 'message',
    subtype: 'message_changed',
    channel,
    channel_type: 'channel',
    hidden: true,
    ts: newTs(),
    event_ts: newTs(),
    message: {
      type: 'message',
      user: o.user ?? USER,
      text: slackText(o.text),
      ts: o.ts,
      edited: { user: USER, ts: newTs() },
    },
    previous_message: { type: 'message', user: o.user ?? USER, text: slackText(o.previous), ts: o.ts },
  };
}

export function command(text: string, responseUrl: string, o: { channel?: string; user?: string } = {}) {
  return {
    token: 'legacy-verification-token',
    team_id: TEAM,
    team_domain: 'fake',
    channel_id: o.channel ?? CHANNEL,
    channel_name: 'training',
    user_id: o.user ?? USER,
    user_name: 'ana',
    command: '/crash',
    text,
    api_app_id: 'A0FAKEAPP',
    response_url: responseUrl,
    trigger_id: `trigger.${next()}`,
  };
}

export function shortcut(o: {
  message: { text: string; ts: string; user?: string; files?: SlackFileObject[]; thread_ts?: string };
  responseUrl: string;
  channel?: string;
  user?: string;
}) {
  return {
    type: 'message_action',
    token: 'legacy-verification-token',
    action_ts: newTs(),
    callback_id: 'diagnose_crash',
    trigger_id: `trigger.${next()}`,
    team: { id: TEAM, domain: 'fake' },
    user: { id: o.user ?? USER, name: 'ana', team_id: TEAM },
    channel: { id: o.channel ?? CHANNEL, name: 'training' },
    message: { type: 'message', user: USER, ...o.message, text: slackText(o.message.text) },
    response_url: o.responseUrl,
  };
}

export function button(o: {
  actionId: string;
  value: string;
  messageTs: string;
  responseUrl: string;
  channel?: string;
  user?: string;
}) {
  const channel = o.channel ?? CHANNEL;
  return {
    type: 'block_actions',
    trigger_id: `trigger.${next()}`,
    team: { id: TEAM, domain: 'fake' },
    user: { id: o.user ?? USER, username: 'ana', team_id: TEAM },
    api_app_id: 'A0FAKEAPP',
    container: { type: 'message', message_ts: o.messageTs, channel_id: channel, is_ephemeral: false },
    channel: { id: channel, name: 'training' },
    message: { type: 'message', ts: o.messageTs, text: 'reply' },
    response_url: o.responseUrl,
    actions: [
      {
        type: 'button',
        action_id: o.actionId,
        block_id: 'crashbot-feedback',
        text: { type: 'plain_text', text: 'Fixed it' },
        value: o.value,
        action_ts: newTs(),
      },
    ],
  };
}
