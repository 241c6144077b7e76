// The gateway intents the bot asks for: only what each feature needs. Reading messages
// that do not mention the bot (listening) needs the privileged Message Content intent,
// so it is opt-in (DISCORD_MESSAGE_CONTENT=true plus the switch on the developer
// portal's Bot page); mentions, replies to the bot, DMs, slash commands and the context
// menu carry their content without it.
import { GatewayIntentBits } from 'discord.js';

export interface IntentChoice {
  name: string;
  bit: number;
  privileged: boolean;
  why: string;
}

export interface DiscordFeatures {
  /** Listening: read crash output posted without a mention. */
  messageContent: boolean;
}

export function intentChoices(features: DiscordFeatures): IntentChoice[] {
  const base: IntentChoice[] = [
    {
      name: 'Guilds',
      bit: GatewayIntentBits.Guilds,
      privileged: false,
      why: "channels, threads and the bot's own roles, to know where it may reply",
    },
    {
      name: 'GuildMessages',
      bit: GatewayIntentBits.GuildMessages,
      privileged: false,
      why: 'messages that mention the bot or reply to it, and their edits',
    },
    {
      name: 'DirectMessages',
      bit: GatewayIntentBits.DirectMessages,
      privileged: false,
      why: 'logs sent to the bot in a direct message',
    },
  ];
  if (!features.messageContent) return base;
  return [
    ...base,
    {
      name: 'MessageContent',
      bit: GatewayIntentBits.MessageContent,
      privileged: true,
      why: 'listening: crash output posted without a mention, in channels that turned it on',
    },
  ];
}

export function intentsFor(features: DiscordFeatures): number {
  return intentChoices(features).reduce((bits, c) => bits | c.bit, 0);
}
