// Uploading a reply's file (the summary's chart) with files.uploadV2: into a channel,
// where it shows under the weekly summary post, or into no channel (private), where only
// the bot holds it and an image block of a private answer shows it (images.ts). A
// refused upload is logged with Slack's code and gives null: the answer goes without it.
import type { webApi } from '@slack/bolt';
import type { Logger } from '../../app/logger.js';
import type { ReplyFile } from '../../core/reply/model.js';
import { slackErrorCode } from './channel.js';
import type { Upload } from './images.js';

export async function uploadFile(
  client: webApi.WebClient,
  log: Logger,
  file: ReplyFile,
  channel?: string,
): Promise<string | null> {
  try {
    const res = await client.filesUploadV2({
      file: Buffer.from(file.data),
      filename: file.name,
      title: file.name,
      alt_text: file.alt,
      ...(channel !== undefined && { channel_id: channel }),
    });
    const done = (res as { files?: { files?: { id?: string }[] }[] }).files ?? [];
    return done.flatMap((f) => f.files ?? []).find((f) => f.id)?.id ?? null;
  } catch (err) {
    log.warn(
      channel
        ? 'the summary was posted but its chart could not be uploaded'
        : 'could not upload a file of a private answer; it goes without',
      {
        ...(channel && { channel }),
        file: file.name,
        code: slackErrorCode(err),
      },
    );
    return null;
  }
}

/** Uploads into no channel: for answers that cannot carry a file. */
export function privateUpload(client: webApi.WebClient, log: Logger): Upload {
  return (file) => uploadFile(client, log, file);
}
