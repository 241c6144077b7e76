// A message's text and log files -> the bot's diagnosis (the shared use case), with
// the files it could not read explained. Used by mentions, listening, edits and the
// "Diagnose crash" context menu.
import type { MessageMode } from '../../app/diagnose-message.js';
import type { Reply } from '../../core/reply/model.js';
import type { ChannelRef } from '../../store/types.js';
import { type AttachmentInfo, type AttachmentRead, readAttachments } from './attachments.js';
import { emptyMentionReply, nothingReadableReply, refusalsBlock, withBlock } from './notices.js';
import type { DiscordRuntime } from './runtime.js';

export interface DiagnoseRequest {
  channel: ChannelRef;
  userId: string;
  text: string;
  attachments: readonly AttachmentInfo[];
  mode: MessageMode;
  link: string;
}

export type DiagnoseResult = { kind: 'reply'; reply: Reply; recordId: number | null } | { kind: 'ignore' };

type Refused = Extract<AttachmentRead, { ok: false }>;

export async function diagnoseRequest(rt: DiscordRuntime, req: DiagnoseRequest): Promise<DiagnoseResult> {
  const listen = req.mode === 'listen';
  // Files in a channel that is not listening are not downloaded at all.
  if (listen && req.attachments.length > 0 && !(await rt.store.getSettings(req.channel)).listening)
    return { kind: 'ignore' };
  const reads =
    req.attachments.length > 0 ? await readAttachments(req.attachments, rt.attachments, rt.downloads) : [];
  const refused = reads.filter((r): r is Refused => !r.ok);
  const texts = reads.flatMap((r) => (r.ok ? [r.text] : []));
  const text = [req.text, ...texts].filter((t) => t.trim() !== '').join('\n\n');
  const maxBytes = rt.attachments.maxBytes;
  if (text === '') {
    if (listen) return { kind: 'ignore' };
    const reply = refused.length > 0 ? nothingReadableReply(refused, maxBytes) : emptyMentionReply();
    return { kind: 'reply', reply, recordId: null };
  }
  const outcome = await rt.bot.handleMessage({
    channel: req.channel,
    userId: req.userId,
    text,
    mode: req.mode,
    link: req.link,
  });
  if (outcome.kind === 'ignore') return { kind: 'ignore' };
  const reply =
    refused.length > 0 ? withBlock(outcome.reply, refusalsBlock(refused, maxBytes)) : outcome.reply;
  return { kind: 'reply', reply, recordId: outcome.recordId };
}
