// The conversation pipeline, one for every chat surface (Slack, Discord, the terminal,
// and any surface added later): from "a message, an edit, a deletion, a command or a
// click arrived" to "a reply was posted, updated or withdrawn".
//
//   adapter: platform event -> Incoming (plain data); the bot added to a channel -> a welcome
//   claim once -> listening? -> limits -> attachments (one policy, one notice)
//     -> chat markup undone once -> diagnose -> cool-down -> record -> Reply
//     -> ReplyChannel.post / edit / remove (rich, then plain) -> reply index
//
// The pipeline holds every policy; a surface supplies ports only (ports.ts). Rules for
// whoever extends it:
// - An Incoming stays plain serialisable data, and every ReplyChannel is rebuilt from a
//   place (or an interaction's `respond` handle) alone, never from an SDK object kept
//   in a closure: an Incoming taken by one instance can be stored and handled again
//   after a crash, on any instance.
// - Claim-once goes through the ClaimPort's two steps (take, then answered), so a
//   store with leases and take-over can replace the store-backed port in claims.ts.
// - The reply index maps a message to its reply; the store keeps the conversations the
//   bot answered, so a follow-up in one is read with its first log (threads.ts).
// - Retries belong to the SDKs; a ReplyChannel reports a failure once.
// Every event is handled on its own: a failure is logged (with the event's id on every
// line) and counted, never thrown at the adapter.
import { performance } from 'node:perf_hooks';
import { createAttachmentReader } from './attachments.js';
import { onClick, onCommand } from './commands.js';
import type { ConversationDeps, Shared, Step } from './context.js';
import { type Incoming, placeKey } from './incoming.js';
import { KeyedQueue } from './keyed-queue.js';
import { onDelete, onEdit, onMessage } from './messages.js';
import { WENT_WRONG } from './notices.js';
import type { Surface } from './ports.js';
import { createReplyIndex, type ReplyIndex } from './reply-index.js';
import { deliver, interactionRoute } from './routes.js';
import { onJoined } from './welcome.js';

export type { ConversationDeps } from './context.js';

export interface Conversation {
  /** Connects a surface; returns the function its adapter hands each Incoming to (it never throws). */
  attach(surface: Surface): (incoming: Incoming) => Promise<void>;
  /** Resolves when the work in flight is done, or after `ms`. */
  drain(ms: number): Promise<void>;
  readonly index: ReplyIndex;
}

export function createConversation(deps: ConversationDeps): Conversation {
  const shared: Shared = {
    deps,
    events: deps.events ?? {},
    reader: createAttachmentReader(deps.attachments),
    index: createReplyIndex(deps.remember ?? 10_000),
    queue: new KeyedQueue(),
  };
  return {
    attach(surface) {
      const log = deps.log.child({ platform: surface.info.platform });
      return async (x) => {
        const step: Step = { ...shared, surface, log: log.child({ event: x.id, kind: x.kind }) };
        const kind = x.kind === 'command' || x.kind === 'click' ? 'command' : 'message';
        const started = performance.now();
        try {
          await shared.queue.run(`event:${placeKey(x.place)}/${x.kind}/${x.id}`, () => dispatch(step, x));
        } catch (err) {
          shared.events.failed?.('handler');
          step.log.error('handling an event failed', { error: (err as Error).message });
          if (kind === 'command')
            await deliver(step, interactionRoute(step, x, true), WENT_WRONG).catch(() => {});
        } finally {
          shared.events.handled?.(kind, (performance.now() - started) / 1000);
        }
      };
    },
    drain: (ms) => shared.queue.idle(ms),
    index: shared.index,
  };
}

function dispatch(step: Step, x: Incoming): Promise<void> {
  switch (x.kind) {
    case 'message':
      return onMessage(step, x);
    case 'edit':
      return onEdit(step, x);
    case 'delete':
      return onDelete(step, x);
    case 'command':
      return onCommand(step, x);
    case 'click':
      return onClick(step, x);
    case 'joined':
      return onJoined(step, x);
  }
}
