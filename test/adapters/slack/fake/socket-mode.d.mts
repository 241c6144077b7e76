export interface SocketAck {
  envelope_id: string;
  // biome-ignore lint/suspicious/noExplicitAny: the ack payload as sent
  payload: any;
  at: number;
}

export class FakeSocketMode {
  /** Connections that got their hello. */
  readonly connections: number;
  readonly open: Set<unknown>;
  readonly acks: SocketAck[];
  /** Send hello on connect (false: the app stays "connecting"). */
  hello: boolean;
  send(
    type: 'events_api' | 'slash_commands' | 'interactive',
    payload: object,
    opts?: { retryAttempt?: number; timeoutMs?: number },
  ): Promise<SocketAck>;
  askToReconnect(): void;
  dropAll(): void;
  close(): void;
}
