// The parts of Slack's payloads crashbot reads, checked with zod: a payload that does
// not have them is ignored (and logged), never a crash halfway through a handler.
import { z } from 'zod';

export const slackFileSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  title: z.string().optional(),
  mimetype: z.string().optional(),
  filetype: z.string().optional(),
  size: z.number().optional(),
  url_private: z.string().optional(),
  url_private_download: z.string().optional(),
  mode: z.string().optional(),
});
export type SlackFile = z.infer<typeof slackFileSchema>;

const messageFields = {
  subtype: z.string().optional(),
  user: z.string().optional(),
  bot_id: z.string().optional(),
  text: z.string().default(''),
  ts: z.string(),
  thread_ts: z.string().optional(),
  files: z.array(slackFileSchema).default([]),
};

/** A message as conversations.replies / conversations.history list it. */
export const listedMessageSchema = z.object(messageFields);
export type ListedMessage = z.infer<typeof listedMessageSchema>;

/** `app_mention` and plain `message` events. */
export const messageEventSchema = z.object({
  type: z.enum(['app_mention', 'message']),
  channel: z.string(),
  channel_type: z.string().optional(),
  ...messageFields,
});
export type MessageEvent = z.infer<typeof messageEventSchema>;

/** `message` with subtype `message_changed`: an edit (or Slack updating a message's metadata). */
export const messageChangedSchema = z.object({
  type: z.literal('message'),
  subtype: z.literal('message_changed'),
  channel: z.string(),
  channel_type: z.string().optional(),
  message: z.object(messageFields),
  previous_message: z
    .object({ text: z.string().default(''), files: z.array(slackFileSchema).default([]) })
    .optional(),
});
export type MessageChanged = z.infer<typeof messageChangedSchema>;

/** `message` with subtype `message_deleted`: a message was deleted. */
export const messageDeletedSchema = z.object({
  type: z.literal('message'),
  subtype: z.literal('message_deleted'),
  channel: z.string(),
  deleted_ts: z.string(),
  previous_message: z.object({ thread_ts: z.string().optional() }).optional(),
});

/** `member_joined_channel`: someone joined a channel; `inviter` when someone else added them. */
export const memberJoinedSchema = z.object({
  type: z.literal('member_joined_channel'),
  user: z.string(),
  channel: z.string(),
  inviter: z.string().optional(),
  event_ts: z.string().optional(),
});

const teamAndUser = {
  team: z.object({ id: z.string() }).nullish(),
  user: z.object({ id: z.string(), team_id: z.string().optional() }),
  enterprise: z.object({ id: z.string() }).nullish(),
};

export const messageShortcutSchema = z.object({
  type: z.literal('message_action'),
  trigger_id: z.string().optional(),
  ...teamAndUser,
  channel: z.object({ id: z.string() }),
  message: z.object(messageFields),
  response_url: z.string().optional(),
});
export type MessageShortcut = z.infer<typeof messageShortcutSchema>;

export const blockActionSchema = z.object({
  type: z.literal('block_actions'),
  trigger_id: z.string().optional(),
  ...teamAndUser,
  channel: z.object({ id: z.string() }).optional(),
  container: z.object({ channel_id: z.string().optional() }).optional(),
  actions: z.array(z.object({ action_id: z.string(), value: z.string().optional() })).min(1),
  response_url: z.string().optional(),
});
export type BlockAction = z.infer<typeof blockActionSchema>;

export const slashCommandSchema = z.object({
  team_id: z.string(),
  channel_id: z.string(),
  user_id: z.string(),
  text: z.string().default(''),
  response_url: z.string().optional(),
  trigger_id: z.string().optional(),
});
export type SlashCommand = z.infer<typeof slashCommandSchema>;

/** The workspace an interaction came from; org-wide installs may leave `team` empty. */
export function workspaceOf(body: {
  team?: { id: string } | null | undefined;
  user: { team_id?: string | undefined };
  enterprise?: { id: string } | null | undefined;
}): string {
  return body.team?.id ?? body.user.team_id ?? body.enterprise?.id ?? 'unknown';
}

/** The event envelope's team (Events API `team_id`), when the event came wrapped in one. */
export function envelopeTeam(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const team = (body as { team_id?: unknown }).team_id;
  return typeof team === 'string' ? team : undefined;
}
