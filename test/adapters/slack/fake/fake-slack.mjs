// A fake Slack on 127.0.0.1 for the Slack adapter's tests and bench: the Web API
// (recording every call, with faults on request: 429s, 5xx, Slack errors, delays),
// private file downloads, file uploads, response_url endpoints and Socket Mode.
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { checkMessage } from './block-limits.mjs';
import { hostFile, serveDownload } from './file-host.mjs';
import { FakeSocketMode } from './socket-mode.mjs';
import { answer } from './web-api.mjs';

const JSON_FIELDS = ['blocks', 'metadata', 'files', 'attachments'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class FakeSlack extends EventEmitter {
  static async start(opts = {}) {
    const fake = new FakeSlack(opts);
    await new Promise((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${fake.server.address().port}`;
    fake.apiUrl = `${fake.url}/api/`;
    return fake;
  }

  constructor(opts) {
    super();
    this.setMaxListeners(0);
    this.botToken = opts.botToken ?? 'xoxb-fake-bot-token-000000000000';
    this.appToken = opts.appToken ?? 'xapp-fake-app-token-000000000000';
    this.teamId = opts.teamId ?? 'T0FAKE';
    this.botUserId = 'U0CRASHBOT';
    this.botId = 'B0CRASHBOT';
    this.calls = [];
    this.responses = [];
    this.webhooks = new Set();
    this.webhookPosts = [];
    this.uploads = [];
    this.shared = [];
    this.downloads = [];
    this.channels = new Map();
    this.hosted = new Map();
    this.pendingUploads = new Map();
    this.notInChannel = new Set();
    this.privateChannels = new Set();
    /** Group direct messages (mpim) by channel id. */
    this.groupDms = new Set();
    /** channel id -> the user who created it (conversations.info's `creator`). */
    this.creators = new Map();
    /** user id -> 'admin' | 'owner' | 'primary_owner' (users.info); anyone else is a member. */
    this.roles = new Map();
    this.faults = new Map();
    this.counter = 0;
    this.socket = new FakeSocketMode(() => this.emit('change'));
    this.server = createServer((req, res) => {
      this.route(req, res).catch((err) => {
        res.writeHead(500);
        res.end(String(err));
      });
    });
    this.server.on('upgrade', (req, socket, head) => {
      if (req.url?.startsWith('/link')) this.socket.handleUpgrade(req, socket, head);
      else socket.destroy();
    });
  }

  nextId(prefix) {
    this.counter++;
    return `${prefix}${String(this.counter).padStart(8, '0')}`;
  }

  nextTs() {
    this.counter++;
    return `1700000000.${String(this.counter).padStart(6, '0')}`;
  }

  messagesIn(channel) {
    if (!this.channels.has(channel)) this.channels.set(channel, []);
    return this.channels.get(channel);
  }

  callsTo(method) {
    return this.calls.filter((c) => c.method === method);
  }

  /** The next `times` calls of `method` get `fault` instead of an answer. */
  fail(method, fault, times = 1) {
    const queue = this.faults.get(method) ?? [];
    for (let i = 0; i < times; i++) queue.push(fault);
    this.faults.set(method, queue);
  }

  /** Hosts a file as Slack does and returns the file object events carry. */
  hostFile(spec) {
    return hostFile(this, spec);
  }

  responseUrl() {
    return `${this.url}/respond/${this.nextId('R')}`;
  }

  /** An incoming webhook URL this fake accepts (posts land in `webhookPosts`). */
  incomingWebhook() {
    const path = `/services/${this.teamId}/${this.nextId('B')}/${Math.random().toString(36).slice(2, 14)}`;
    this.webhooks.add(path);
    return `${this.url}${path}`;
  }

  /** Resolves with `check()`'s first truthy value, re-checked on every change; rejects after `timeoutMs`. */
  waitFor(check, timeoutMs = 5000, what = 'the expected Slack traffic') {
    return new Promise((resolve, reject) => {
      const test = () => {
        const value = check();
        if (!value) return;
        cleanup();
        resolve(value);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.off('change', test);
      };
      this.on('change', test);
      test();
    });
  }

  async route(req, res) {
    const url = new URL(req.url, this.url);
    const body = await readBody(req);
    if (url.pathname.startsWith('/api/')) return this.api(url.pathname.slice(5), req, body, res);
    if (url.pathname.startsWith('/files/') && req.method === 'GET') return serveDownload(this, url, req, res);
    if (url.pathname.startsWith('/upload/')) {
      this.uploads.push({ id: url.pathname.split('/')[2], bytes: body, at: Date.now() });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('OK - 1');
      return this.emit('change');
    }
    if (url.pathname.startsWith('/services/') && req.method === 'POST') {
      // An incoming webhook: JSON in, the text "ok" out (or Slack's error text), no way to edit later.
      const known = this.webhooks.has(url.pathname);
      let payload = null;
      try {
        payload = JSON.parse(body.toString('utf8') || 'null');
      } catch {}
      const error = !known ? 'no_service' : !payload ? 'invalid_payload' : checkMessage(payload);
      if (known && !error) this.webhookPosts.push({ path: url.pathname, body: payload, at: Date.now() });
      res.writeHead(error ? (known ? 400 : 404) : 200, { 'content-type': 'text/plain' });
      res.end(error ?? 'ok');
      return this.emit('change');
    }
    if (url.pathname.startsWith('/respond/')) {
      const payload = JSON.parse(body.toString('utf8') || '{}');
      const error = checkMessage(payload, (id) => this.shared.some((f) => f.id === id));
      this.responses.push({ path: url.pathname, body: payload, error, at: Date.now() });
      res.writeHead(error ? 400 : 200, { 'content-type': 'text/plain' });
      res.end(error ?? 'ok');
      return this.emit('change');
    }
    res.writeHead(404);
    res.end();
  }

  async api(method, req, raw, res) {
    const args = parseArgs(req.headers['content-type'] ?? '', raw);
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : args.token;
    const call = { method, args, token, at: Date.now() };
    this.calls.push(call);
    const fault = this.faults.get(method)?.shift();
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault?.status === 429) {
      res.writeHead(429, {
        'retry-after': String(fault.retryAfter ?? 0),
        'content-type': 'application/json',
      });
      res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
    } else if (fault?.status) {
      res.writeHead(fault.status, { 'content-type': 'text/plain' });
      res.end('upstream failure');
    } else {
      const result = fault?.error ? { ok: false, error: fault.error } : answer(this, method, args, token);
      call.result = result;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result));
    }
    this.emit('change');
  }

  async stop() {
    this.socket.close();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function parseArgs(contentType, raw) {
  const text = raw.toString('utf8');
  const args = contentType.includes('application/json') ? JSON.parse(text || '{}') : { ...parseQuery(text) };
  for (const key of JSON_FIELDS) {
    if (typeof args[key] === 'string') {
      try {
        args[key] = JSON.parse(args[key]);
      } catch {
        // left as sent
      }
    }
  }
  return args;
}
