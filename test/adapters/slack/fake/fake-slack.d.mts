import type { EventEmitter } from 'node:events';
import type { FakeSocketMode } from './socket-mode.mjs';

export interface ApiCall {
  method: string;
  // biome-ignore lint/suspicious/noExplicitAny: Slack arguments are loosely shaped
  args: Record<string, any>;
  token: string | undefined;
  at: number;
  // biome-ignore lint/suspicious/noExplicitAny: the answer as sent
  result?: Record<string, any>;
}

export interface Fault {
  /** 429 (with Retry-After: `retryAfter` seconds) or another HTTP status. */
  status?: number;
  retryAfter?: number;
  /** A Slack error code in an HTTP 200 answer (`internal_error`, `invalid_blocks`). */
  error?: string;
  delayMs?: number;
}

export interface HostedFileSpec {
  name: string;
  content: string | Uint8Array;
  mimetype?: string;
  filetype?: string;
  /** The size the file object claims (default: the content's). */
  size?: number;
  /** The Content-Type the download is served with (default: the mimetype). */
  contentType?: string;
  delayMs?: number;
  /** The event lists the file by id only (`mode: file_access`), as Slack sometimes does. */
  listedWithoutUrl?: boolean;
}

export interface SlackFileObject {
  id: string;
  name?: string;
  title?: string;
  mimetype?: string;
  filetype?: string;
  size?: number;
  mode?: string;
  url_private?: string;
  url_private_download?: string;
}

export interface FakeMessage {
  ts: string;
  text?: string;
  // biome-ignore lint/suspicious/noExplicitAny: Block Kit as posted
  blocks?: any[];
  thread_ts?: string;
  edited?: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: message metadata as posted
  metadata?: { event_type: string; event_payload: Record<string, any> };
}

export class FakeSlack extends EventEmitter {
  static start(opts?: { botToken?: string; appToken?: string; teamId?: string }): Promise<FakeSlack>;
  readonly url: string;
  readonly apiUrl: string;
  readonly botToken: string;
  readonly appToken: string;
  readonly teamId: string;
  readonly botUserId: string;
  readonly botId: string;
  readonly calls: ApiCall[];
  // biome-ignore lint/suspicious/noExplicitAny: response_url payloads as posted
  readonly responses: { path: string; body: any; error: string | null; at: number }[];
  readonly uploads: { id: string; bytes: Buffer; at: number }[];
  readonly shared: {
    id: string;
    title?: string;
    channel?: string;
    thread_ts?: string;
    filename?: string;
    length?: number;
    alt?: string;
  }[];
  readonly downloads: { id: string; authorization: string | undefined; at: number }[];
  readonly notInChannel: Set<string>;
  readonly privateChannels: Set<string>;
  /** Group direct messages (mpim) by channel id. */
  readonly groupDms: Set<string>;
  /** channel id -> its creator (conversations.info). */
  readonly creators: Map<string, string>;
  /** user id -> workspace role (users.info); anyone else is a member. */
  readonly roles: Map<string, 'admin' | 'owner' | 'primary_owner'>;
  readonly socket: FakeSocketMode;
  messagesIn(channel: string): FakeMessage[];
  callsTo(method: string): ApiCall[];
  fail(method: string, fault: Fault, times?: number): void;
  hostFile(spec: HostedFileSpec): SlackFileObject;
  responseUrl(): string;
  /** An incoming webhook URL this fake accepts; what is posted to it lands in `webhookPosts`. */
  incomingWebhook(): string;
  // biome-ignore lint/suspicious/noExplicitAny: webhook payloads as posted
  readonly webhookPosts: { path: string; body: any; at: number }[];
  waitFor<T>(check: () => T | undefined | null | false, timeoutMs?: number, what?: string): Promise<T>;
  stop(): Promise<void>;
}
