// The fake Discord's HTTP side: records every request (method, path, JSON body or the
// payload_json of a multipart upload, the uploaded files), answers it through the
// routes, and lets a test plan faults (429 with retry-after, 5xx, any error code) or
// delays for the next matching requests. Attachments are served under /attachments.
import { setTimeout as sleep } from 'node:timers/promises';
import { createRoutes } from './rest-routes.mjs';

async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return Buffer.concat(chunks);
}

async function parseBody(headers, raw) {
  const type = headers['content-type'] ?? '';
  if (raw.length === 0) return { body: null, files: [] };
  if (type.startsWith('multipart/form-data')) {
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: raw,
    }).formData();
    const files = [];
    let body = null;
    for (const [field, value] of form.entries()) {
      if (field === 'payload_json') body = JSON.parse(String(value));
      else if (typeof value !== 'string')
        files.push({
          field,
          name: value.name,
          contentType: value.type,
          data: Buffer.from(await value.arrayBuffer()),
        });
    }
    return { body, files };
  }
  if (type.includes('json')) return { body: JSON.parse(raw.toString('utf8')), files: [] };
  return { body: raw.toString('utf8'), files: [] };
}

const matches = (m, call) =>
  (!m.method || m.method === call.method) &&
  (typeof m.path === 'string' ? call.path === m.path : m.path.test(call.path));

function faultResponse(f) {
  if (f.status === 429) {
    const retryAfter = f.retryAfter ?? 0.05;
    return {
      status: 429,
      headers: {
        'retry-after': String(retryAfter),
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset-after': String(retryAfter),
        'x-ratelimit-bucket': 'fake-bucket',
        'x-ratelimit-scope': f.scope ?? 'user',
        ...(f.global ? { 'x-ratelimit-global': 'true' } : {}),
      },
      body: { message: 'You are being rate limited.', retry_after: retryAfter, global: Boolean(f.global) },
    };
  }
  return { status: f.status, body: { code: f.code ?? 0, message: f.message ?? `${f.status}: fake failure` } };
}

export function createRest(world, baseUrl) {
  const calls = [];
  const faults = [];
  const delays = [];
  const waiters = new Set();
  const listeners = new Set();
  const routes = createRoutes(world, baseUrl);

  const take = (list, call) => {
    const i = list.findIndex((x) => matches(x.match, call));
    if (i < 0) return undefined;
    const entry = list[i];
    const next = entry.items.shift();
    if (entry.items.length === 0) list.splice(i, 1);
    return next;
  };

  async function handle(req, res) {
    const url = new URL(req.url, 'http://fake');
    const raw = await readBody(req);
    const { body, files } = await parseBody(req.headers, raw);
    const call = {
      method: req.method,
      path: decodeURIComponent(url.pathname).replace(/^\/api\/v10/, ''),
      query: Object.fromEntries(url.searchParams),
      body,
      files,
      authorization: req.headers.authorization ?? null,
      at: performance.now(),
      status: 0,
      response: null,
    };
    calls.push(call);
    for (const l of listeners) l(call);
    const wait = take(delays, call);
    if (wait) await sleep(wait);
    const fault = take(faults, call);
    const result = fault ? faultResponse(fault) : await routes.answer(call);
    call.status = result.status;
    call.response = result.body ?? null;
    for (const w of [...waiters]) if (w.predicate(call)) w.resolve(call);
    if (result.raw) {
      res.writeHead(result.status, result.headers ?? {});
      res.end(result.raw);
      return;
    }
    const payload = result.body === undefined ? '' : JSON.stringify(result.body);
    res.writeHead(result.status, {
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(result.headers ?? {}),
    });
    res.end(payload);
  }

  return {
    handle,
    state: routes.state,
    messagesOf: routes.messagesOf,
    createWebhook: routes.createWebhook,
    calls,
    /** Plans the answers to the next requests matching `match` (method and path string or RegExp). */
    fail(match, ...items) {
      faults.push({ match, items: [...items] });
    },
    /** Delays the next `count` matching requests by `ms`. */
    delay(match, ms, count = 1) {
      delays.push({ match, items: Array.from({ length: count }, () => ms) });
    },
    /** Resolves with the first recorded call (past or future) for which `predicate` holds. */
    waitFor(predicate, timeoutMs = 5000) {
      const done = calls.find((c) => c.status !== 0 && predicate(c));
      if (done) return Promise.resolve(done);
      return new Promise((resolve, reject) => {
        const w = {
          predicate,
          resolve: (c) => {
            clearTimeout(timer);
            waiters.delete(w);
            resolve(c);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(
            new Error(
              `no matching REST call within ${timeoutMs} ms; calls: ${calls.map((c) => `${c.method} ${c.path} ${c.status}`).join(', ')}`,
            ),
          );
        }, timeoutMs);
        waiters.add(w);
      });
    },
    /** Called with every call as it arrives (before it is answered). */
    onCall(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
