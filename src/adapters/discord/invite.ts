// The URL that adds the bot to a server: the `bot` and `applications.commands` scopes
// and only the permissions it uses, each with the reason it is asked for.
import { PermissionFlagsBits } from 'discord.js';

export const INVITE_SCOPES = ['bot', 'applications.commands'] as const;

export const INVITE_PERMISSIONS: readonly { name: string; bit: bigint; why: string }[] = [
  { name: 'View Channels', bit: PermissionFlagsBits.ViewChannel, why: 'see the channels it answers in' },
  {
    name: 'Send Messages',
    bit: PermissionFlagsBits.SendMessages,
    why: 'post diagnoses and weekly summaries',
  },
  {
    name: 'Send Messages in Threads',
    bit: PermissionFlagsBits.SendMessagesInThreads,
    why: 'answer logs posted in threads',
  },
  {
    name: 'Embed Links',
    bit: PermissionFlagsBits.EmbedLinks,
    why: 'show replies as embeds (plain text without it)',
  },
  { name: 'Attach Files', bit: PermissionFlagsBits.AttachFiles, why: 'attach the weekly chart' },
  {
    name: 'Read Message History',
    bit: PermissionFlagsBits.ReadMessageHistory,
    why: 'reply to the message with the log',
  },
];

export function invitePermissions(): bigint {
  return INVITE_PERMISSIONS.reduce((bits, p) => bits | p.bit, 0n);
}

export function inviteUrl(applicationId: string): string {
  const params = new URLSearchParams({
    client_id: applicationId,
    permissions: invitePermissions().toString(),
    integration_type: '0',
    scope: INVITE_SCOPES.join(' '),
  });
  return `https://discord.com/oauth2/authorize?${params.toString()}`;
}
