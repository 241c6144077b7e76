// Who may change a Slack channel's settings (listening, the weekly summary). Slack has no
// per-channel "manage" permission that an app can read, so crashbot asks what the Web
// API gives: a workspace admin or owner (users.info), or whoever created the channel
// (conversations.info). In a direct or group direct message anyone may. When Slack
// cannot say (a missing scope, an error) it throws, and no one may: the pipeline logs
// the reason, and the message names the scopes to add.
import type { webApi } from '@slack/bolt';
import { slackErrorCode } from './channel.js';

export async function slackMayManage(
  client: webApi.WebClient,
  channel: string,
  user: string,
): Promise<boolean | undefined> {
  if (channel.startsWith('D')) return undefined;
  const u = (await ask(() => client.users.info({ user })))?.user;
  if (u?.is_admin || u?.is_owner || u?.is_primary_owner) return true;
  // A private channel the bot is not in is hidden from it: its creator cannot be told.
  const info = await ask(() => client.conversations.info({ channel }), 'channel_not_found');
  const c = info?.channel;
  if (c?.is_im || c?.is_mpim) return undefined;
  return Boolean(c?.creator && c.creator === user);
}

/** A Web API call; null for the error code `quiet`; any other error thrown with what would fix it. */
async function ask<T>(call: () => Promise<T>, quiet?: string): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    const code = slackErrorCode(err);
    if (code === quiet) return null;
    throw new Error(
      code === 'missing_scope'
        ? 'Slack said missing_scope: add the users:read, channels:read, groups:read and mpim:read scopes and reinstall the app'
        : `Slack said ${code}`,
    );
  }
}

/** Whether the bot is in `channel` (a private channel or group message cannot be joined, only invited to). */
export async function isMember(client: webApi.WebClient, channel: string): Promise<boolean> {
  try {
    const c = (await client.conversations.info({ channel })).channel;
    return Boolean(c?.is_member || c?.is_im || c?.is_mpim);
  } catch {
    return false;
  }
}
