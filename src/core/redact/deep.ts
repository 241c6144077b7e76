// Redaction of structured values printed as JSON (a Diagnosis, a summary, a log record's
// data): every string in them, keys too, through the one redactor. A value with toJSON
// (an evidence line quoted on demand) is redacted as it would be printed.
import { redactText } from './text.js';

export function redactJson<T>(value: T): T {
  return walk(value, 0) as T;
}

function walk(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  const printed = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof printed === 'function') return walk(printed.call(value), depth + 1);
  if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
  if (value instanceof Uint8Array) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[redactText(k)] = walk(v, depth + 1);
  return out;
}
