// Types of the fake Mattermost (index.mjs), for the TypeScript tests.

export interface FakeUser {
  id: string;
  username: string;
  roles: string;
  is_bot: boolean;
}

export interface FakeChannel {
  id: string;
  team_id: string;
  type: 'O' | 'P' | 'D' | 'G';
  name: string;
}

// biome-ignore lint/suspicious/noExplicitAny: Mattermost API payloads, checked by the tests' assertions
export type Payload = Record<string, any>;

export interface FakePost extends Payload {
  id: string;
  channel_id: string;
  user_id: string;
  root_id: string;
  message: string;
  props: Payload;
  file_ids: string[];
  delete_at: number;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Payload | string | null;
  at: number;
  result?: { status: number; body?: Payload };
}

export interface FakeWorld {
  team: { id: string; name: string };
  bot: FakeUser;
  users: { ana: FakeUser; ben: FakeUser; admin: FakeUser };
  town: FakeChannel;
  priv: FakeChannel;
  dm: FakeChannel;
  lonely: FakeChannel;
  group: FakeChannel;
  channels: Map<string, FakeChannel>;
  posts: Map<string, FakePost>;
  files: Map<string, { info: { id: string; name: string; mime_type: string; post_id?: string } }>;
  commandToken: string;
  isMember(channel: string, user: string): boolean;
  join(channel: FakeChannel, user: FakeUser, admin?: boolean): void;
}

export interface FileSpec {
  name: string;
  content: string | Uint8Array;
  mime?: string;
}

export interface FakeMattermost {
  world: FakeWorld;
  url: string;
  botToken: string;
  commandToken: string;
  calls: RecordedCall[];
  responses: { hook: string; user_id: string; channel_id: string; body: Payload }[];
  socket: { log: Payload[]; readonly connections: number; dropAll(): void };
  fail(
    method: string,
    path: RegExp,
    f: { status: number; retryAfter?: number; delayMs?: number },
    times?: number,
  ): void;
  waitFor<T>(fn: () => T | undefined | null | false, timeoutMs?: number): Promise<T>;
  addToChannel(
    channelId: string,
    o?: { by?: 'ana' | 'ben' | 'admin' | FakeUser; who?: 'ana' | 'ben' | 'admin' | FakeUser },
  ): FakePost;
  post(o?: {
    user?: 'ana' | 'ben' | 'admin' | FakeUser;
    channel?: string;
    message?: string;
    rootId?: string;
    files?: FileSpec[];
    props?: Payload;
    /** The posted event lists the files by id only (no metadata.files). */
    withoutFileInfo?: boolean;
  }): FakePost;
  edit(post: FakePost, message: string): FakePost;
  remove(post: FakePost): void;
  botPosts(channel?: string): FakePost[];
  threadReplies(post: FakePost): FakePost[];
  view(post: FakePost): FakePost;
  slash(
    commandUrl: string,
    text: string,
    o?: { user?: 'ana' | 'ben' | 'admin'; channel?: string; token?: string; rootId?: string },
  ): Promise<{ status: number; body: string; hook: string }>;
  responseTo(hook: string, n?: number): Promise<{ body: Payload; user_id: string; channel_id: string }>;
  click(
    post: FakePost,
    name: string,
    o?: { user?: 'ana' | 'ben' | 'admin'; context?: Payload },
  ): Promise<{ status: number; body: Payload | null }>;
  close(): Promise<void>;
}

export function startFakeMattermost(options?: {
  botSystemAdmin?: boolean;
  botToken?: string;
  commandToken?: string;
}): Promise<FakeMattermost>;

export function newId(): string;
