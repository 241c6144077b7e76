// The bot's WebSocket: @mattermost/client's WebSocketClient (authentication_challenge with
// the token, pings, sequence checks, reconnects with backoff) on the `ws` package, ready
// once Mattermost says hello. The client reads WebSocket.OPEN and makes CloseEvents from
// the global scope, which Node 20 lacks: ws's class and a small CloseEvent stand in there
// (only where missing).
import mattermost, { type WebSocketMessage } from '@mattermost/client';
import { WebSocket as WS } from 'ws';
import type { Logger } from '../../app/logger.js';
import type { MattermostClient } from './client.js';

export interface SocketOptions {
  client: MattermostClient;
  token: string;
  timeoutMs: number;
  reconnectMs: number;
  log: Logger;
  /** Each event from the server. */
  onEvent: (m: WebSocketMessage) => void;
}

export interface Socket {
  connected(): boolean;
  close(): void;
}

function fillGlobals(): void {
  const g = globalThis as { WebSocket?: unknown; CloseEvent?: unknown };
  g.WebSocket ??= WS;
  g.CloseEvent ??= class CloseEvent extends Event {
    readonly code: number;
    readonly wasClean: boolean;
    constructor(type: string, init: { code?: number; wasClean?: boolean } = {}) {
      super(type);
      this.code = init.code ?? 0;
      this.wasClean = init.wasClean ?? false;
    }
  };
}

export async function connectSocket(o: SocketOptions): Promise<Socket> {
  fillGlobals();
  let conn: WS | null = null;
  let up = false;
  const ws = new mattermost.WebSocketClient({
    newWebSocketFn: (url) => {
      conn = new WS(url, { maxPayload: 16 * 1024 * 1024 });
      return conn as unknown as WebSocket;
    },
    minWebSocketRetryTime: o.reconnectMs,
    maxWebSocketRetryTime: 5 * 60_000,
  });
  const close = () => {
    ws.close();
    const c = conn as WS | null;
    if (c) {
      c.onclose = null;
      c.onopen = null;
      c.terminate();
    }
    ws.clearReconnectTimeout();
    up = false;
  };
  const hello = new Promise<void>((resolve) =>
    ws.addMessageListener((m) => {
      if (m.event !== 'hello') return o.onEvent(m);
      up = true;
      resolve();
    }),
  );
  ws.addCloseListener((fails) => {
    if (up) o.log.warn('WebSocket closed; reconnecting', { fails });
    up = false;
  });
  // Also what makes the client start counting afresh when the server hands out a new connection.
  ws.addMissedMessageListener(() => o.log.warn('the WebSocket was down long enough to miss events'));
  ws.initialize(o.client.getWebSocketUrl().replace(/^http/, 'ws'), o.token);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => {
    timer = setTimeout(() => r('late'), o.timeoutMs);
  });
  if ((await Promise.race([hello, late]).finally(() => clearTimeout(timer))) === 'late') {
    close();
    throw new Error(
      `Mattermost's WebSocket did not say hello within ${o.timeoutMs / 1000} s: check MATTERMOST_URL and that WebSockets reach it through any proxy [MATTERMOST_CONNECT_TIMEOUT]`,
    );
  }
  return { connected: () => up, close };
}
