// Slack's attachment source: a file listed by id only gets its URL from files.info;
// the bytes come from the file's private URL with the bot token, which goes to Slack's
// hosts (or the configured API's) and nowhere else, redirects included. Without the
// files:read scope Slack answers with its sign-in page: said so, with the fix.
import type { webApi } from '@slack/bolt';
import type { AttachmentRef } from '../../app/conversation/incoming.js';
import type { AttachmentSource } from '../../app/conversation/ports.js';
import { download } from '../download.js';
import { type SlackFile, slackFileSchema } from './incoming.js';
import { slackHost } from './respond.js';

export function fileRef(f: SlackFile): AttachmentRef {
  const mime = f.mimetype ?? (f.filetype === 'text' ? 'text/plain' : undefined);
  const url = f.url_private_download ?? f.url_private;
  return {
    id: f.id,
    name: f.name ?? f.title ?? f.id,
    ...(f.size !== undefined && { size: f.size }),
    ...(mime !== undefined && { mime }),
    ...(url !== undefined && { url }),
  };
}

export function slackFiles(
  client: webApi.WebClient,
  token: string,
  extraOrigins: readonly string[],
): AttachmentSource {
  return {
    async resolve(ref) {
      if (ref.url) return ref;
      try {
        const info = await client.files.info({ file: ref.id });
        const parsed = slackFileSchema.safeParse(info.file);
        return parsed.success ? fileRef(parsed.data) : ref;
      } catch {
        return ref;
      }
    },
    async open(ref, signal) {
      if (!ref.url) return { problem: 'unreachable', detail: 'Slack gave no download link' };
      return download(ref.url, ref.name, {
        mayGo: (url) => slackHost(url, extraOrigins),
        headers: { Authorization: `Bearer ${token}` },
        redirects: 3,
        signal,
        htmlMeans: {
          problem: 'no-access',
          detail: 'Slack answered with its sign-in page',
          fix: 'the app needs the files:read scope (reinstall it from the manifest)',
        },
      });
    },
  };
}
