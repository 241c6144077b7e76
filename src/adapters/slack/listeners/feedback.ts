// The "Fixed it" / "Wrong cause" buttons under a diagnosis: stored through the Bot and
// counted in the weekly summary; the person who clicked gets an ephemeral thank-you.
import type { App } from '@slack/bolt';
import type { FeedbackVerdict } from '../../../store/types.js';
import { blockActionSchema, workspaceOf } from '../incoming.js';
import { respondWith } from '../respond.js';
import type { ListenerDeps } from './deps.js';

const VERDICT: Record<string, FeedbackVerdict> = { 'feedback-fixed': 'fixed', 'feedback-wrong': 'wrong' };

export function listenForFeedback(app: App, deps: ListenerDeps): void {
  app.action(/^feedback-(fixed|wrong)$/, async ({ ack, body, client, respond }) => {
    await ack();
    const parsed = blockActionSchema.safeParse(body);
    if (!parsed.success) {
      deps.log.warn('ignored a button click without the expected fields', {
        issues: parsed.error.issues.length,
      });
      return;
    }
    const b = parsed.data;
    const action = b.actions[0]!;
    const verdict = VERDICT[action.action_id];
    const recordId = Number(action.value);
    const channel = b.channel?.id ?? b.container?.channel_id;
    if (!verdict || !Number.isSafeInteger(recordId) || recordId <= 0 || !channel) return;
    const reply = await deps.bot.handleFeedback(
      recordId,
      { platform: 'slack', workspace: workspaceOf(b), channel },
      b.user.id,
      verdict,
    );
    await respondWith(deps, { respond, client, channel, user: b.user.id }, reply, false);
  });
}
