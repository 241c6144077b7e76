// Plain messages: in channels that turned listening on, crash output gets a thread
// reply without a mention (ordinary talk gets nothing); direct messages are answered
// like mentions; edits of an answered message update the answer.
import type { App } from '@slack/bolt';
import { diagnoseMessage } from '../../../app/diagnose-message.js';
import { answerEdit, answerMessage, type IncomingMessage } from '../conversation.js';
import { envelopeTeam, type MessageChanged, messageChangedSchema, messageEventSchema } from '../incoming.js';
import { mentions, slackToPlain } from '../mrkdwn.js';
import type { ListenerDeps } from './deps.js';

/** Subtypes that are someone posting: a file with a comment, a thread reply sent to the channel too. */
const POSTED = new Set(['file_share', 'thread_broadcast']);

export function listenForMessages(app: App, deps: ListenerDeps): void {
  app.event('message', async ({ event, body, client, context }) => {
    const workspace = envelopeTeam(body) ?? context.teamId ?? 'unknown';
    const botUserId = context.botUserId;
    const subtype = (event as { subtype?: unknown }).subtype;
    if (subtype === 'message_changed') {
      const edit = messageChangedSchema.safeParse(event);
      if (edit.success) await onEdit(deps, client, workspace, botUserId, edit.data);
      return;
    }
    if (subtype !== undefined && !POSTED.has(String(subtype))) return;
    const parsed = messageEventSchema.safeParse(event);
    if (!parsed.success) {
      deps.log.warn('ignored a message without the expected fields', { issues: parsed.error.issues.length });
      return;
    }
    const e = parsed.data;
    if (e.bot_id || !e.user) return;
    // A mention of the bot arrives as app_mention too; that listener answers it.
    if (botUserId && mentions(e.text, botUserId)) return;
    const mode = e.channel_type === 'im' ? 'mention' : 'listen';
    if (mode === 'listen' && !(await listening(deps, workspace, e.channel))) return;
    await answerMessage(deps, client, {
      workspace,
      channel: e.channel,
      userId: e.user,
      text: slackToPlain(e.text, botUserId),
      files: e.files,
      ts: e.ts,
      threadTs: e.thread_ts,
      mode,
    });
  });
}

async function listening(deps: ListenerDeps, workspace: string, channel: string): Promise<boolean> {
  return (await deps.store.getSettings({ platform: 'slack', workspace, channel })).listening;
}

async function onEdit(
  deps: ListenerDeps,
  client: Parameters<typeof answerEdit>[1],
  workspace: string,
  botUserId: string | undefined,
  ev: MessageChanged,
): Promise<void> {
  const { message: m, previous_message: prev } = ev;
  if (m.bot_id || !m.user) return;
  // Slack also sends message_changed when a thread gets a reply or a link unfurls.
  const sameFiles = (prev?.files ?? []).map((f) => f.id).join() === m.files.map((f) => f.id).join();
  if (prev && prev.text === m.text && sameFiles) return;
  const msg: IncomingMessage = {
    workspace,
    channel: ev.channel,
    userId: m.user,
    text: slackToPlain(m.text, botUserId),
    files: m.files,
    ts: m.ts,
    threadTs: m.thread_ts,
    mode: 'edit',
  };
  if (await answerEdit(deps, client, msg)) return;
  // Not answered here (or forgotten since a restart). Answer only what listening answers
  // now and could not have answered before, so no message gets a second reply.
  if (ev.channel_type === 'im') return;
  const before = prev?.text ?? '';
  if (botUserId && (mentions(m.text, botUserId) || mentions(before, botUserId))) return;
  if (!(await listening(deps, workspace, ev.channel))) return;
  const earlier = diagnoseMessage(deps, slackToPlain(before, botUserId), 'listen');
  if (earlier.kind !== 'ignore') return;
  await answerMessage(deps, client, { ...msg, mode: 'listen' });
}
