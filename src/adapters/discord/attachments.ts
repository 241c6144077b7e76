// Discord's attachment source: files come from Discord's attachment hosts (plus the
// host of DISCORD_API_URL when it is set) and nowhere else, with no redirects.
import type { AttachmentRef } from '../../app/conversation/incoming.js';
import type { AttachmentSource } from '../../app/conversation/ports.js';
import { download } from '../download.js';

export const DISCORD_ATTACHMENT_ORIGINS: readonly string[] = [
  'https://cdn.discordapp.com',
  'https://media.discordapp.net',
];

export function discordFiles(origins: readonly string[]): AttachmentSource {
  return {
    async open(ref, signal) {
      if (!ref.url) return { problem: 'unreachable', detail: 'Discord gave no download link' };
      return download(ref.url, ref.name, {
        mayGo: (url) => origins.includes(url.origin),
        redirects: 0,
        signal,
      });
    },
  };
}

interface DiscordAttachment {
  id: string;
  name: string;
  url: string;
  size: number;
  contentType: string | null;
}

export function attachmentRef(a: DiscordAttachment): AttachmentRef {
  return { id: a.id, name: a.name, url: a.url, size: a.size, ...(a.contentType && { mime: a.contentType }) };
}
