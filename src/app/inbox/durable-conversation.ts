// The conversation pipeline made durable: its claims are the inbox's (the pipeline hands
// the event it claims to `take`, and the inbox keeps it until answered), and the inbox
// replays an event it took over through the handler of the event's platform. The handler
// a surface gets resolves as soon as the event is kept (its claim settled, or it turned
// out to need none) while the work goes on, so a surface that acknowledges an event when
// its handler resolves (Slack's HTTP mode) acknowledges only what the store holds. The
// pipeline and the adapters see a Conversation and a ClaimPort as before.
import type { ClaimPort } from '../conversation/claims.js';
import type { Conversation } from '../conversation/conversation.js';
import type { Incoming } from '../conversation/incoming.js';
import type { Logger } from '../logger.js';
import type { DeliveryClaimsPort } from '../ports.js';
import { createInbox, type Inbox, type InboxTiming } from './inbox.js';

export interface DurableOptions {
  store: DeliveryClaimsPort;
  /** The chat platforms this instance runs. */
  platforms: readonly string[];
  log: Logger;
  timing?: Partial<InboxTiming>;
  now?: () => Date;
}

export function durableConversation(
  make: (claims: ClaimPort) => Conversation,
  o: DurableOptions,
): { conversation: Conversation; inbox: Inbox<Incoming> } {
  const handlers = new Map<string, (x: Incoming) => Promise<void>>();
  /** Events a surface's handler waits on, until their claim has settled. */
  const waiting = new WeakMap<Incoming, () => void>();
  const log = o.log.child({ name: 'inbox' });
  const inbox = createInbox<Incoming>({
    store: o.store,
    platforms: o.platforms,
    log,
    ...(o.timing && { timing: o.timing }),
    ...(o.now && { now: o.now }),
    async replay(x) {
      const handle = handlers.get(x.place.platform);
      if (handle) await handle({ ...x, replayed: true });
      else
        log.warn('an event left unanswered is for a platform not started here', {
          platform: x.place.platform,
        });
    },
  });
  // The pipeline's lease argument is how long it wants the answered key remembered; the
  // inbox's own lease (renewed while the work runs) is what another instance waits out.
  const claims: ClaimPort = {
    async take(key, _now, leaseMs, event) {
      try {
        return await inbox.take(key, event, leaseMs);
      } finally {
        if (event) waiting.get(event)?.();
      }
    },
    answered: (key) => inbox.answered(key),
  };
  const inner = make(claims);
  const conversation: Conversation = {
    attach(surface) {
      const handle = inner.attach(surface);
      handlers.set(surface.info.platform, handle);
      return (x) =>
        new Promise<void>((kept) => {
          waiting.set(x, kept);
          void handle(x).finally(kept);
        });
    },
    drain: (ms) => inner.drain(ms),
    get index() {
      return inner.index;
    },
  };
  return { conversation, inbox };
}
