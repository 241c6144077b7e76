// Slack's message events -> the pipeline: `app_mention` (answered in the thread),
// plain messages (in direct and group direct messages answered like mentions; elsewhere
// handed on as listened, for channels that listen), edits and deletions, and the bot
// added to a channel by someone (`member_joined_channel` with an inviter: a welcome). Only people are answered:
// other bots and integrations would loop. A mention arrives as a plain message too;
// the app_mention answers it. Slack also reports a thread reply or a link preview as a
// change of the message: unchanged text and files are no edit.
import type { App } from '@slack/bolt';
import type { Incoming } from '../../app/conversation/incoming.js';
import type { Logger } from '../../app/logger.js';
import {
  envelopeTeam,
  type MessageChanged,
  memberJoinedSchema,
  messageChangedSchema,
  messageDeletedSchema,
  messageEventSchema,
} from './incoming.js';
import { mentions } from './mrkdwn.js';
import { type MessageContext, messageIncoming, slackPlace } from './translate.js';

export type Handle = (x: Incoming) => Promise<void>;

/** Direct and group direct messages: every message there is addressed to the bot. */
const DIRECT = new Set(['im', 'mpim']);

/** Subtypes that are someone posting: a file with a comment, a thread reply sent to the channel too. */
const POSTED = new Set(['file_share', 'thread_broadcast']);

export function listenForEvents(app: App, handle: Handle, log: Logger): void {
  app.event('app_mention', async ({ event, body, context }) => {
    const parsed = messageEventSchema.safeParse(event);
    if (!parsed.success) {
      log.warn('ignored an app_mention without the expected fields', { issues: parsed.error.issues.length });
      return;
    }
    const e = parsed.data;
    if (e.bot_id || e.subtype === 'bot_message' || !e.user) return;
    const c = {
      workspace: envelopeTeam(body) ?? context.teamId ?? 'unknown',
      channel: e.channel,
      botUserId: context.botUserId,
    };
    await handle(messageIncoming('message', c, { ...e, user: e.user }, 'mention'));
  });

  // Someone added the bot to a channel: a welcome. Not when it joined by itself (no inviter).
  app.event('member_joined_channel', async ({ event, body, context }) => {
    const e = memberJoinedSchema.safeParse(event);
    if (!e.success || !context.botUserId || e.data.user !== context.botUserId || !e.data.inviter) return;
    const workspace = envelopeTeam(body) ?? context.teamId ?? 'unknown';
    const { channel, user, event_ts: ts } = e.data;
    const place = { platform: 'slack', workspace, channel };
    await handle({ kind: 'joined', id: ts ?? `${channel}:${e.data.inviter}`, place, user });
  });

  app.event('message', async ({ event, body, context }) => {
    const workspace = envelopeTeam(body) ?? context.teamId ?? 'unknown';
    const subtype = (event as { subtype?: unknown }).subtype;
    if (subtype === 'message_changed') {
      const edit = messageChangedSchema.safeParse(event);
      const c = edit.success && { workspace, channel: edit.data.channel, botUserId: context.botUserId };
      const x = c && editIncoming(c, edit.data);
      if (x) await handle(x);
      return;
    }
    if (subtype === 'message_deleted') {
      const d = messageDeletedSchema.safeParse(event);
      if (!d.success) return;
      const { channel, deleted_ts: ts, previous_message: prev } = d.data;
      const place = slackPlace(workspace, channel, ts, prev?.thread_ts);
      await handle({ kind: 'delete', id: `deleted:${ts}`, place, user: '', message: ts });
      return;
    }
    if (subtype !== undefined && !POSTED.has(String(subtype))) return;
    const parsed = messageEventSchema.safeParse(event);
    if (!parsed.success) {
      log.warn('ignored a message without the expected fields', { issues: parsed.error.issues.length });
      return;
    }
    const e = parsed.data;
    if (e.bot_id || !e.user) return;
    const direct = DIRECT.has(e.channel_type ?? '');
    // A mention in a channel comes as app_mention too (never in a direct message); a
    // message that arrives both ways is one Incoming (same id), claimed once.
    if (!direct && context.botUserId && mentions(e.text, context.botUserId)) return;
    const mode = direct ? 'mention' : 'listen';
    const c = { workspace, channel: e.channel, botUserId: context.botUserId };
    await handle(messageIncoming('message', c, { ...e, user: e.user }, mode));
  });
}

function editIncoming(c: MessageContext, ev: MessageChanged): Incoming | null {
  const { message: m, previous_message: prev } = ev;
  if (m.bot_id || !m.user) return null;
  const sameFiles = (prev?.files ?? []).map((f) => f.id).join() === m.files.map((f) => f.id).join();
  if (prev && prev.text === m.text && sameFiles) return null;
  const addressed =
    DIRECT.has(ev.channel_type ?? '') || (c.botUserId !== undefined && mentions(m.text, c.botUserId));
  return messageIncoming('edit', c, { ...m, user: m.user }, addressed ? 'mention' : 'listen');
}
