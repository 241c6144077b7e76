// The pipeline under test, once for every surface: a real bot and a real SQLite store,
// and a surface whose channels, files and hooks are in memory and record everything.
// A surface can answer in threads (like Slack) or by replying to the message (like
// Discord), and interactions can be optional (Slack) or required (Discord).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bot } from '../../../src/app/bot.js';
import { createBot } from '../../../src/app/bot.js';
import { DEFAULT_ATTACHMENT_POLICY, type ImageReader } from '../../../src/app/conversation/attachments.js';
import { type ClaimPort, storeClaims } from '../../../src/app/conversation/claims.js';
import { type Conversation, createConversation } from '../../../src/app/conversation/conversation.js';
import type {
  AttachmentRef,
  Incoming,
  MessageIncoming,
  Place,
} from '../../../src/app/conversation/incoming.js';
import { type Limits, NO_LIMITS } from '../../../src/app/conversation/limits.js';
import {
  type AttachmentSource,
  type ConversationEvents,
  DeliveryError,
  type DeliveryFailure,
  type ReplyChannel,
  type Surface,
  type SurfaceInfo,
  type Target,
} from '../../../src/app/conversation/ports.js';
import type { Reply } from '../../../src/core/reply/model.js';
import { renderText } from '../../../src/core/reply/render-text.js';
import { createLogger } from '../../../src/observe/logger.js';
import { openStore } from '../../../src/store/open.js';
import type { CrashStore } from '../../../src/store/types.js';
import { knowledge } from '../../helpers/conversation.js';

export const OOM = [
  'Traceback (most recent call last):',
  '  File "train.py", line 42, in <module>',
  '    loss.backward()',
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB of which 1.19 GiB is free.',
].join('\n');
export const TALK = 'we might OOM with batch 64, should we try 32?';

/** One message as the surface saw it: rendered text (or null for a removal), where, how. */
export interface Sent {
  op: 'post' | 'edit' | 'remove';
  via: 'at' | 'respond' | 'privately';
  id: string;
  target?: Target;
  private?: boolean;
  style?: 'rich' | 'plain';
  reply?: Reply;
  key?: string;
}

/** A message as this fake renders it: the Reply and the style, one message per reply (two when it asks). */
interface Fake {
  reply: Reply;
  style: 'rich' | 'plain';
}

export interface FakeSurfaceOptions {
  info?: Partial<SurfaceInfo>;
  /** Files by id: bytes, or a refusal of the source, or a delay before the bytes. */
  files?: Record<
    string,
    | Uint8Array
    | string
    | { refuse: 'no-access' | 'not-allowed'; fix?: string }
    | { delayMs: number; bytes: string }
  >;
  /** Replies of this kind are rendered as this many messages (to test long replies). */
  parts?: number;
  thread?: { text: string; attachments: AttachmentRef[] } | null;
  turnedOn?: string | null;
  privately?: boolean;
  respond?: boolean;
  /** Who manages the channel, as the surface says (absent: the surface does not say). */
  mayManage?: (user: string) => Promise<boolean | undefined>;
}

export class FakeSurface implements Surface {
  readonly info: SurfaceInfo;
  readonly sent: Sent[] = [];
  /** The next operations of this kind fail with these failures, in order. */
  readonly failures: Record<string, DeliveryFailure[]> = {};
  readonly opened: string[] = [];
  readonly resolved: string[] = [];
  readonly threadStarts: Place[] = [];
  readonly turned: string[] = [];
  /** The people the surface was asked about (mayManage). */
  readonly managerChecks: string[] = [];
  mayManage?: NonNullable<Surface['mayManage']>;
  /** The keys the pipeline asked about: was an answer under it posted already? */
  readonly lookups: string[] = [];
  begun = 0;
  parts: number;
  private next = 0;
  readonly attachments: AttachmentSource;

  constructor(private readonly o: FakeSurfaceOptions = {}) {
    this.info = { platform: 'fake', replies: 'thread', interactionsNeedAnswer: false, ...o.info };
    this.parts = o.parts ?? 1;
    if (o.respond === false) delete this.respond;
    if (!o.privately) delete this.privately;
    if (o.mayManage) {
      const ask = o.mayManage;
      this.mayManage = async (_place, user) => {
        this.managerChecks.push(user);
        return ask(user);
      };
    }
    const files = o.files ?? {};
    this.attachments = {
      resolve: async (ref) => {
        this.resolved.push(ref.id);
        return ref.url ? ref : { ...ref, url: `mem://${ref.id}` };
      },
      open: async (ref, signal) => {
        this.opened.push(ref.id);
        const f = files[ref.id];
        if (f === undefined) return { problem: 'unreachable', detail: 'HTTP 404' };
        if (typeof f === 'object' && 'refuse' in f)
          return { problem: f.refuse, detail: 'the fake refused', ...(f.fix && { fix: f.fix }) };
        if (typeof f === 'object' && 'delayMs' in f) {
          await new Promise((resolve, reject) => {
            const t = setTimeout(resolve, f.delayMs);
            signal.addEventListener('abort', () => {
              clearTimeout(t);
              reject(signal.reason);
            });
          });
          return stream(Buffer.from(f.bytes));
        }
        return stream(typeof f === 'string' ? Buffer.from(f) : f);
      },
    };
  }

  private channel(via: Sent['via'], target?: Target): ReplyChannel<Fake> {
    const fail = (op: string) => {
      const f = this.failures[`${via}:${op}`]?.shift() ?? this.failures[op]?.shift();
      if (f)
        throw new DeliveryError(
          f,
          `fake_${f}`,
          `the fake said ${f}`,
          f === 'forbidden' ? 'let the bot in' : undefined,
        );
    };
    return {
      render: (reply, style) => Array.from({ length: this.parts }, () => ({ reply, style })),
      begin: () => {
        this.begun++;
      },
      post: async (m, o) => {
        fail('post');
        const id = `r${++this.next}`;
        this.sent.push({
          op: 'post',
          via,
          id,
          ...(target && { target }),
          private: o.private,
          style: m.style,
          reply: m.reply,
          ...(o.key && { key: o.key }),
        });
        return id;
      },
      edit: async (id, m) => {
        fail('edit');
        this.sent.push({ op: 'edit', via, id, style: m.style, reply: m.reply });
      },
      remove: async (id) => {
        fail('remove');
        this.sent.push({ op: 'remove', via, id });
      },
      // Like Slack's message metadata: the posts at this target that carry the key.
      ...(via === 'at' && {
        posted: async (key: string) => {
          this.lookups.push(key);
          fail('posted');
          return this.posts('at')
            .filter((s) => s.key === key && JSON.stringify(s.target) === JSON.stringify(target))
            .map((s) => s.id);
        },
      }),
    };
  }

  at = (target: Target) => this.channel('at', target);
  respond?: (x: Incoming) => ReplyChannel<Fake> = (_x) => this.channel('respond');
  privately?: () => ReplyChannel<Fake> = () => this.channel('privately');
  threadStart = async (place: Place) => {
    this.threadStarts.push(place);
    return this.o.thread ?? null;
  };
  turnedOn = async (_place: Place, what: string) => {
    this.turned.push(what);
    return this.o.turnedOn ?? null;
  };

  /** The posts, as text a person would read. */
  posts(via?: Sent['via']): Sent[] {
    return this.sent.filter((s) => s.op === 'post' && (via === undefined || s.via === via));
  }
  titles(via?: Sent['via']): string[] {
    return this.posts(via).map((s) => s.reply?.title ?? '');
  }
  text(s: Sent | undefined): string {
    return s?.reply ? renderText(s.reply) : '';
  }
}

function stream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      for (let i = 0; i < bytes.length; i += 1000) c.enqueue(bytes.subarray(i, i + 1000));
      c.close();
    },
  });
}

export interface Rig {
  store: CrashStore;
  bot: Bot;
  conversation: Conversation;
  surface: FakeSurface;
  handle: (x: Incoming) => Promise<void>;
  logs: string[];
  events: Record<string, string[]>;
  place: Place;
  close(): Promise<void>;
}

export interface RigOptions extends FakeSurfaceOptions {
  limits?: (store: CrashStore) => Limits;
  claims?: (store: CrashStore) => ClaimPort;
  maxLogBytes?: number;
  timeoutMs?: number;
  /** Share this store (a second instance). */
  store?: CrashStore;
  wrapBot?: (bot: Bot) => Bot;
  now?: () => Date;
  /** Screenshots are read with this (absent: images are not read). */
  images?: ImageReader;
}

const dirs: string[] = [];

export async function rig(o: RigOptions = {}): Promise<Rig> {
  let store = o.store;
  let own = false;
  if (!store) {
    const dir = mkdtempSync(join(tmpdir(), 'crashbot-conversation-'));
    dirs.push(dir);
    const opened = await openStore({
      store: { kind: 'sqlite', path: join(dir, 'db.sqlite') },
      userSalt: 's',
    });
    if (!opened.ok) throw opened.error;
    store = opened.store;
    own = true;
  }
  const logs: string[] = [];
  const log = createLogger({ level: 'debug', write: (t) => logs.push(t) });
  const now = o.now ?? (() => new Date());
  const maxLogBytes = o.maxLogBytes ?? 64 * 1024;
  const created = createBot({ kb: knowledge(), store, now, timezone: 'UTC', maxLogBytes });
  const bot = o.wrapBot ? o.wrapBot(created) : created;
  const events: Record<string, string[]> = {};
  const note =
    (name: string) =>
    (...args: unknown[]) => {
      events[name] ??= [];
      events[name].push(args.filter((a) => typeof a === 'string').join(' '));
    };
  const hooks: ConversationEvents = {
    handled: note('handled'),
    ignored: note('ignored'),
    diagnosed: note('diagnosed'),
    replied: note('replied'),
    command: note('command'),
    failed: note('failed'),
  };
  const conversation = createConversation({
    bot,
    settings: store,
    threads: store,
    claims: o.claims ? o.claims(store) : storeClaims(store, { log }),
    limits: o.limits ? o.limits(store) : NO_LIMITS,
    attachments: {
      ...DEFAULT_ATTACHMENT_POLICY,
      maxBytes: maxLogBytes,
      timeoutMs: o.timeoutMs ?? 2_000,
      ...(o.images && { images: o.images }),
    },
    now,
    log,
    events: hooks,
    remember: 100,
  });
  const surface = new FakeSurface(o);
  const s = store;
  return {
    store,
    bot,
    conversation,
    surface,
    handle: conversation.attach(surface),
    logs,
    events,
    place: { platform: surface.info.platform, workspace: 'W1', channel: 'C1' },
    async close() {
      await conversation.drain(2_000);
      if (own) await s.close();
    },
  };
}

export function cleanDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

let n = 0;
/** A message in the rig's channel; a fresh id unless given. */
export function message(r: Rig, o: Partial<MessageIncoming> = {}): MessageIncoming {
  const id = o.message ?? `m${++n}`;
  return {
    kind: 'message',
    id,
    place: r.place,
    user: 'U1',
    message: id,
    text: OOM,
    attachments: [],
    mode: 'mention',
    ...o,
  };
}
