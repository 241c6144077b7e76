// Reads one request body into memory under three bounds: its own size, a deadline from
// the first byte asked for to the last, and the server's budget of bytes in flight.
import type { IncomingMessage } from 'node:http';
import type { BodyBudget } from './body-budget.js';

export type BodyRead =
  | { ok: true; body: Buffer }
  /** Refused with `status`; status 0 when the client went away (nothing to answer). */
  | { ok: false; status: number; reason: 'too-large' | 'busy' | 'shed' | 'slow' };

export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
  budget: BodyBudget;
}

export function readBody(req: IncomingMessage, limits: BodyLimits): Promise<BodyRead> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.budget.release(hold);
      req.off('data', onData);
      parts.length = 0;
      resolve(result);
    };
    const hold = limits.budget.open(() => finish({ ok: false, status: 503, reason: 'shed' }));
    const timer = setTimeout(() => finish({ ok: false, status: 408, reason: 'slow' }), limits.timeoutMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) return finish({ ok: false, status: 413, reason: 'too-large' });
      if (!limits.budget.take(hold, chunk.length)) return finish({ ok: false, status: 503, reason: 'busy' });
      parts.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => {
      if (!settled) finish({ ok: true, body: Buffer.concat(parts, size) });
    });
    // A reset or abort: nobody is left to answer.
    req.on('error', () => finish({ ok: false, status: 0, reason: 'slow' }));
    req.once('close', () => {
      if (!req.complete) finish({ ok: false, status: 0, reason: 'slow' });
    });
  });
}
