// What the inbox keeps of an event until it is answered: the plain event (an Incoming:
// where, who, the message's text, the files it lists, an interaction's answer handle)
// with its key. Kept as little as answering it needs: the texts are redacted with the
// one redaction every stored text goes through (a diagnosis of the redacted text is the
// same, its quotes were redacted anyway), ids and the answer handle stay (the reply
// needs them), and the whole row is deleted once the event is answered.
import { redactSecrets } from '../../core/redact/index.js';

/** The least an event must have to be kept: the platform it came from. */
export interface InboxEvent {
  place: { platform: string };
}

const VERSION = 1;
/** Fields that hold what people typed. */
const TEXT_FIELDS = ['text', 'before'] as const;

export function toInboxPayload(key: string, event: InboxEvent): string {
  const kept: Record<string, unknown> = { ...event };
  for (const field of TEXT_FIELDS)
    if (typeof kept[field] === 'string') kept[field] = redactSecrets(kept[field] as string).text;
  return JSON.stringify({ v: VERSION, key, event: kept });
}

/** The key and event of a kept payload, or null when it is not one this version reads. */
export function parseInboxPayload<E extends InboxEvent>(payload: string): { key: string; event: E } | null {
  try {
    const p = JSON.parse(payload) as {
      v?: unknown;
      key?: unknown;
      event?: { place?: { platform?: unknown } };
    };
    if (p.v !== VERSION || typeof p.key !== 'string' || typeof p.event?.place?.platform !== 'string')
      return null;
    return { key: p.key, event: p.event as unknown as E };
  } catch {
    return null;
  }
}
