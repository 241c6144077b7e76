// Diagnosis + message metadata -> the row the store keeps: the user id replaced by a
// salted hash, never the pasted text, and every text field passed through
// redactSecrets before it reaches the database.
import { createHmac } from 'node:crypto';
import { crashSignature, earlierFingerprint, fingerprint } from '../core/fingerprint.js';
import { redactSecrets } from '../core/redact/index.js';
import type { Diagnosis } from '../core/types.js';
import type { ChannelRef, MessageMeta, NewCrashRecord } from './types.js';

export interface RecordOptions {
  userSalt: string;
}

/** Salted, keyed hash of a platform user: stable per store, not reversible without the salt. */
export function hashUser(salt: string, channel: ChannelRef, userId: string): string {
  return createHmac('sha256', salt)
    .update(`${channel.platform}\u0000${channel.workspace}\u0000${userId}`)
    .digest('hex')
    .slice(0, 32);
}

const clean = (s: string): string => redactSecrets(s).text;

export function buildRecord(d: Diagnosis, meta: MessageMeta, opts: RecordOptions): NewCrashRecord {
  const top = d.causes[0];
  const versions: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.signals.versions)) versions[clean(k)] = clean(v);
  return {
    channel: meta.channel,
    userHash: hashUser(opts.userSalt, meta.channel, meta.userId),
    at: meta.at,
    fingerprint: clean(d.fingerprint || fingerprint(d)),
    earlierFingerprint: clean(earlierFingerprint(d)),
    signature: nullable(crashSignature(d)),
    topCause: top?.id ?? 'unknown',
    causeIds: d.causes.map((c) => clean(c.id)),
    confidence: top?.confidence ?? 0,
    framework: d.signals.framework,
    exitCode: d.exitCode ? clean(d.exitCode.name) : null,
    versions,
    messageLink: nullable(meta.messageLink ?? null),
  };
}

function nullable(s: string | null): string | null {
  return s === null ? null : clean(s);
}
