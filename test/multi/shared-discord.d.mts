import type {
  FakeRest,
  FakeWorld,
  InteractionOptions,
  MessageOptions,
  Payload,
} from '../adapters/discord/fake/index.mjs';

export interface SharedDiscord {
  world: FakeWorld;
  url: string;
  apiUrl: string;
  rest: FakeRest;
  readonly sessions: number;
  waitForSessions(n: number): Promise<void>;
  postMessage(o?: MessageOptions): Payload;
  slash(sub: string, options?: Record<string, string | boolean>, o?: InteractionOptions): Payload;
  close(): Promise<void>;
}

export function startSharedDiscord(options?: { extraChannels?: number }): Promise<SharedDiscord>;
