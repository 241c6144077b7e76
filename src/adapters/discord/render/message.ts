// One Discord message as the adapter sends it: embeds (or plain content), buttons and
// files, before it becomes a REST body or an interaction response.
import type { APIActionRowComponent, APIButtonComponent, APIEmbed } from 'discord.js';
import type { ReplyFile } from '../../../core/reply/model.js';

export interface DiscordMessage {
  embeds: APIEmbed[];
  /** Plain content: the fallback where embeds cannot be shown. */
  content?: string;
  components: APIActionRowComponent<APIButtonComponent>[];
  files: readonly ReplyFile[];
}
