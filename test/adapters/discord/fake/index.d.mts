// Types of the fake Discord (index.mjs), for the TypeScript tests.

export interface FakeUser {
  id: string;
  username: string;
  bot?: boolean;
}

export interface FakeChannel {
  id: string;
  type: number;
  name?: string;
  guild_id?: string;
}

export interface FakeWorld {
  applicationId: string;
  token: string;
  bot: FakeUser;
  users: { ana: FakeUser; ben: FakeUser; otherBot: FakeUser };
  guild: { id: string; name: string; botRoleId: string };
  channels: FakeChannel[];
  channel: string;
  dmChannel: FakeChannel;
  threads: FakeChannel[];
}

// biome-ignore lint/suspicious/noExplicitAny: Discord API payloads, checked by the tests' assertions
export type Payload = Record<string, any>;

export interface RecordedCall {
  method: string;
  /** The path without the /api/v10 prefix, e.g. /channels/123/messages. */
  path: string;
  query: Record<string, string>;
  /** The JSON body (the payload_json of a multipart upload). */
  body: Payload | null;
  files: { field: string; name: string; contentType: string; data: Buffer }[];
  authorization: string | null;
  /** performance.now() when the request arrived. */
  at: number;
  status: number;
  response: Payload | null;
}

export interface CallMatch {
  method?: string;
  path: string | RegExp;
}

export interface PlannedFault {
  status: number;
  code?: number;
  message?: string;
  /** Seconds, for 429. */
  retryAfter?: number;
  global?: boolean;
  scope?: string;
}

export interface FakeRest {
  calls: RecordedCall[];
  state: {
    interactionWindowMs: number;
    commands: { global: Payload[] | null; guilds: Map<string, Payload[]> };
  };
  fail(match: CallMatch, ...faults: PlannedFault[]): void;
  delay(match: CallMatch, ms: number, count?: number): void;
  waitFor(predicate: (c: RecordedCall) => boolean, timeoutMs?: number): Promise<RecordedCall>;
  onCall(listener: (c: RecordedCall) => void): () => void;
}

export interface FakeGateway {
  identifies: Payload[];
  resumes: Payload[];
  readonly connected: boolean;
  dispatch(t: string, d: unknown): number;
  drop(code?: number): void;
  requestReconnect(): void;
  invalidateSession(): void;
  nextReady(): Promise<void>;
}

export interface MessageOptions {
  id?: string;
  content?: string;
  author?: FakeUser;
  mentionBot?: boolean;
  mentions?: FakeUser[];
  mentionRoles?: string[];
  attachments?: Payload[];
  channelId?: string;
  dm?: boolean;
  referenced?: Payload;
  webhookId?: string;
}

export interface InteractionOptions {
  id?: string;
  token?: string;
  user?: FakeUser;
  dm?: boolean;
  channelId?: string;
  manageChannels?: boolean;
}

export interface FakeDiscord {
  world: FakeWorld;
  url: string;
  apiUrl: string;
  rest: FakeRest;
  gateway: FakeGateway;
  postMessage(o?: MessageOptions): Payload;
  /** `extra` replaces fields of the message, e.g. `mentions`. */
  editMessage(m: Payload, content: string, extra?: Payload): Payload;
  interact(payload: Payload): Payload;
  /** The bot is added to another server (GUILD_CREATE); its id and channel ids by name. */
  joinGuild(o?: { names?: string[]; readOnly?: string[]; system?: string; name?: string }): {
    id: string;
    channels: Record<string, string>;
  };
  slash(sub: string, options?: Record<string, string | boolean>, o?: InteractionOptions): Payload;
  messageCommand(target: Payload, o?: InteractionOptions): Payload;
  buttonClick(botMessage: Payload, customId: string, o?: InteractionOptions): Payload;
  addAttachment(
    name: string,
    body: string | Uint8Array,
    o?: { contentType?: string; size?: number; origin?: string },
  ): Payload;
  messages(channelId?: string): Payload[];
  /** A channel webhook (default: the main channel); `url` is its Execute Webhook URL on this fake. */
  createWebhook(channelId?: string): {
    id: string;
    token: string;
    channel_id: string;
    guild_id: string;
    url: string;
  };
  /** Every message in a channel, whoever wrote it (webhooks too), oldest first. */
  allMessages(channelId?: string): Payload[];
  close(): Promise<void>;
}

export interface FakeDiscordOptions {
  heartbeatInterval?: number;
  /** Intent bits the gateway refuses with close code 4014. */
  disallowedIntents?: number;
  /** More text channels in the guild (#load-1 ... #load-N). */
  extraChannels?: number;
}

export function startFakeDiscord(options?: FakeDiscordOptions): Promise<FakeDiscord>;
export function snowflake(at?: number): string;
