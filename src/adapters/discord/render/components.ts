// Reply actions -> Discord buttons, and the custom ids they carry back. A custom id is
// `crashbot:<action>:<value>`; anything else is not ours.
import { type APIActionRowComponent, type APIButtonComponent, ButtonStyle, ComponentType } from 'discord.js';
import type { ReplyAction } from '../../../core/reply/model.js';
import { LIMITS, truncate } from './limits.js';

const PREFIX = 'crashbot';
const ACTIONS: readonly ReplyAction['id'][] = ['feedback-fixed', 'feedback-wrong'];

export function customId(action: ReplyAction): string {
  return `${PREFIX}:${action.id}:${action.value}`.slice(0, LIMITS.customId);
}

export type ParsedCustomId = { ok: true; action: ReplyAction['id']; value: string } | { ok: false };

export function parseCustomId(id: unknown): ParsedCustomId {
  if (typeof id !== 'string') return { ok: false };
  const [prefix, action, ...rest] = id.split(':');
  const value = rest.join(':');
  if (prefix !== PREFIX || !ACTIONS.includes(action as ReplyAction['id']) || value === '')
    return { ok: false };
  return { ok: true, action: action as ReplyAction['id'], value };
}

/** One row of buttons (Discord allows 5 per row, 5 rows per message). */
export function actionRows(actions: readonly ReplyAction[]): APIActionRowComponent<APIButtonComponent>[] {
  const rows: APIActionRowComponent<APIButtonComponent>[] = [];
  for (let i = 0; i < Math.min(actions.length, 25); i += 5) {
    rows.push({
      type: ComponentType.ActionRow,
      components: actions.slice(i, i + 5).map((a) => ({
        type: ComponentType.Button,
        style: a.id === 'feedback-fixed' ? ButtonStyle.Success : ButtonStyle.Secondary,
        label: truncate(a.label, LIMITS.buttonLabel),
        custom_id: customId(a),
      })),
    });
  }
  return rows;
}
