// The Socket Mode side of the fake Slack: apps.connections.open hands out a ws:// URL
// on the fake's own server; each connection gets Slack's hello, then envelopes
// (events_api, slash_commands, interactive) that the app must ack by envelope_id.
import { randomUUID } from 'node:crypto';
import { WebSocketServer } from 'ws';

export class FakeSocketMode {
  constructor(onChange) {
    this.onChange = onChange;
    this.wss = new WebSocketServer({ noServer: true });
    this.open = new Set();
    /** How many connections got their hello. */
    this.connections = 0;
    /** Send hello on connect (false: the app stays "connecting"). */
    this.hello = true;
    this.acks = [];
    this.pending = new Map();
    this.wss.on('connection', (ws) => this.accept(ws));
  }

  handleUpgrade(req, socket, head) {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  accept(ws) {
    this.open.add(ws);
    ws.on('close', () => {
      this.open.delete(ws);
      this.onChange();
    });
    ws.on('message', (data) => {
      let msg;
      try {
        msg = JSON.parse(String(data));
      } catch {
        return;
      }
      if (typeof msg.envelope_id !== 'string') return;
      const ack = { envelope_id: msg.envelope_id, payload: msg.payload ?? {}, at: Date.now() };
      this.acks.push(ack);
      this.pending.get(msg.envelope_id)?.(ack);
      this.pending.delete(msg.envelope_id);
      this.onChange();
    });
    if (this.hello) this.sayHello(ws);
  }

  sayHello(ws) {
    ws.send(
      JSON.stringify({
        type: 'hello',
        num_connections: this.open.size,
        debug_info: { host: 'fake-slack', approximate_connection_time: 18060 },
        connection_info: { app_id: 'A0FAKEAPP' },
      }),
    );
    this.connections++;
    this.onChange();
  }

  /** Sends an envelope on the newest connection; resolves with the app's ack. */
  send(type, payload, { retryAttempt = 0, timeoutMs = 5000 } = {}) {
    const ws = [...this.open].at(-1);
    if (!ws) return Promise.reject(new Error('no Socket Mode connection'));
    const envelopeId = randomUUID();
    const acked = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(envelopeId);
        reject(new Error(`envelope ${type} was not acked within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(envelopeId, (ack) => {
        clearTimeout(timer);
        resolve(ack);
      });
    });
    ws.send(
      JSON.stringify({
        envelope_id: envelopeId,
        type,
        payload,
        accepts_response_payload: type !== 'events_api',
        ...(type === 'events_api' && {
          retry_attempt: retryAttempt,
          retry_reason: retryAttempt ? 'timeout' : '',
        }),
      }),
    );
    return acked;
  }

  /** Slack's way of asking the app to reconnect (it refreshes connections now and then). */
  askToReconnect() {
    for (const ws of this.open) ws.send(JSON.stringify({ type: 'disconnect', reason: 'refresh_requested' }));
  }

  /** Drops every connection without a close handshake, as a network failure would. */
  dropAll() {
    for (const ws of this.open) ws.terminate();
  }

  close() {
    for (const ws of this.open) ws.terminate();
    this.wss.close();
  }
}
