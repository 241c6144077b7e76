// Slack's interactions -> the pipeline: `/crash ...`, the "Diagnose crash" message
// shortcut and the feedback buttons. Each is acknowledged at once (Slack allows three
// seconds) and answered afterwards through its response_url. A payload without the
// fields crashbot reads is logged and dropped.
import type { App } from '@slack/bolt';
import type { Logger } from '../../app/logger.js';
import type { Handle } from './events.js';
import { blockActionSchema, messageShortcutSchema, slashCommandSchema, workspaceOf } from './incoming.js';
import { clickIncoming, commandIncoming, shortcutIncoming } from './translate.js';

export const COMMAND = '/crash';
export const SHORTCUT_CALLBACK_ID = 'diagnose_crash';

export function listenForInteractions(app: App, handle: Handle, log: Logger): void {
  const dropped = (what: string, issues: number) =>
    log.warn(`ignored ${what} without the expected fields`, { issues });

  app.command(COMMAND, async ({ ack, body }) => {
    await ack();
    const parsed = slashCommandSchema.safeParse(body);
    if (!parsed.success) return dropped('a slash command', parsed.error.issues.length);
    await handle(commandIncoming(parsed.data));
  });

  app.shortcut(
    { callback_id: SHORTCUT_CALLBACK_ID, type: 'message_action' },
    async ({ ack, body, context }) => {
      await ack();
      const parsed = messageShortcutSchema.safeParse(body);
      if (!parsed.success) return dropped('a shortcut', parsed.error.issues.length);
      await handle(shortcutIncoming(parsed.data, workspaceOf(parsed.data), context.botUserId));
    },
  );

  app.action(/^feedback-(fixed|wrong)$/, async ({ ack, body }) => {
    await ack();
    const parsed = blockActionSchema.safeParse(body);
    if (!parsed.success) return dropped('a button click', parsed.error.issues.length);
    const b = parsed.data;
    const channel = b.channel?.id ?? b.container?.channel_id;
    const x = channel && clickIncoming(b, workspaceOf(b), channel);
    if (x) await handle(x);
  });
}
