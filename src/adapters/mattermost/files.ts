// Mattermost's attachment source: a post lists its files (their info in the post's
// metadata, or by id only, resolved through GET /files/{id}/info), and a file's bytes
// come from GET /files/{id} on the Mattermost server with the bot's token, which goes
// nowhere else (no redirects followed).
import type { FileInfo } from '@mattermost/types/files';
import type { AttachmentRef } from '../../app/conversation/incoming.js';
import type { AttachmentSource } from '../../app/conversation/ports.js';
import { download } from '../download.js';
import type { MattermostClient } from './client.js';

export function fileRef(f: Pick<FileInfo, 'id'> & Partial<FileInfo>): AttachmentRef {
  return {
    id: f.id,
    name: f.name || f.id,
    ...(typeof f.size === 'number' && { size: f.size }),
    ...(f.mime_type && { mime: f.mime_type }),
  };
}

export function mattermostFiles(client: MattermostClient, token: string): AttachmentSource {
  const origin = new URL(client.getUrl()).origin;
  return {
    async resolve(ref) {
      if (ref.name !== ref.id) return ref;
      return fileRef(await client.fileInfo(ref.id).catch(() => ({ id: ref.id })));
    },
    open: (ref, signal) =>
      download(`${client.getFileUrl(ref.id, 0)}`, ref.name, {
        mayGo: (url) => url.origin === origin,
        headers: { Authorization: `Bearer ${token}` },
        redirects: 0,
        signal,
      }),
  };
}
