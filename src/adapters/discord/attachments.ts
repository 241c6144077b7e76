// Reading log files attached to a message: text types only, a size cap checked before
// and during the download, a timeout, no redirects, and only from Discord's own
// attachment hosts (plus the host of DISCORD_API_URL when it is set). Every refusal is
// a value with a reason the reply can explain.
import { ByteDecoder } from '../../core/text/decode.js';
import type { Limiter } from './limiter.js';

export const DISCORD_ATTACHMENT_ORIGINS: readonly string[] = [
  'https://cdn.discordapp.com',
  'https://media.discordapp.net',
];

export interface AttachmentPolicy {
  maxBytes: number;
  timeoutMs: number;
  /** Files read per message; the rest are refused as `too-many`. */
  maxFiles: number;
  /** Origins (`https://host[:port]`) files may be fetched from. */
  origins: readonly string[];
}

export interface AttachmentInfo {
  name: string;
  url: string;
  size: number;
  contentType: string | null;
}

export type RefusalReason = 'too-large' | 'not-text' | 'not-discord' | 'download-failed' | 'too-many';

export type AttachmentRead =
  | { ok: true; name: string; text: string }
  | { ok: false; name: string; reason: RefusalReason; detail: string };

const TEXT_TYPES = /^(text\/|application\/(json|x-ndjson|xml|yaml|x-yaml|toml|x-sh|x-python|javascript))/i;
const TEXT_EXTENSIONS =
  /\.(log|txt|text|out|err|stderr|stdout|trace|json|jsonl|ndjson|ya?ml|toml|ini|cfg|conf|csv|tsv|md|py|sh|ps1|bat|xml|dmp\.txt)$/i;

export function looksLikeText(a: Pick<AttachmentInfo, 'name' | 'contentType'>): boolean {
  if (a.contentType && TEXT_TYPES.test(a.contentType)) return true;
  const generic = !a.contentType || /^application\/octet-stream/i.test(a.contentType);
  return generic && TEXT_EXTENSIONS.test(a.name);
}

const refuse = (name: string, reason: RefusalReason, detail: string): AttachmentRead => ({
  ok: false,
  name,
  reason,
  detail,
});

export async function readAttachment(a: AttachmentInfo, policy: AttachmentPolicy): Promise<AttachmentRead> {
  if (!looksLikeText(a)) return refuse(a.name, 'not-text', a.contentType ?? 'unknown type');
  if (a.size > policy.maxBytes) return refuse(a.name, 'too-large', `${a.size} bytes`);
  let url: URL;
  try {
    url = new URL(a.url);
  } catch {
    return refuse(a.name, 'not-discord', 'not a URL');
  }
  if (!policy.origins.includes(url.origin)) return refuse(a.name, 'not-discord', url.origin);
  try {
    const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(policy.timeoutMs) });
    if (!res.ok || !res.body) return refuse(a.name, 'download-failed', `HTTP ${res.status}`);
    const decoder = new ByteDecoder();
    let text = '';
    let bytes = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      if (bytes > policy.maxBytes) {
        await res.body.cancel().catch(() => {});
        return refuse(a.name, 'too-large', `more than ${policy.maxBytes} bytes`);
      }
      text += decoder.push(chunk);
    }
    text += decoder.end();
    if (decoder.result().binary) return refuse(a.name, 'not-text', 'binary content');
    return { ok: true, name: a.name, text };
  } catch (err) {
    const e = err as Error;
    const detail = e.name === 'TimeoutError' ? `no answer within ${policy.timeoutMs} ms` : e.message;
    return refuse(a.name, 'download-failed', detail);
  }
}

/** Reads the first `maxFiles` files, each download waiting for a turn of `limit` when given. */
export async function readAttachments(
  list: readonly AttachmentInfo[],
  policy: AttachmentPolicy,
  limit: Limiter = (job) => job(),
): Promise<AttachmentRead[]> {
  const read = list.slice(0, policy.maxFiles).map((a) => limit(() => readAttachment(a, policy)));
  const extra = list
    .slice(policy.maxFiles)
    .map((a) => refuse(a.name, 'too-many', `only ${policy.maxFiles} files are read`));
  return [...(await Promise.all(read)), ...extra];
}
