// What the open internet sends to a public bot URL, as raw bytes over TCP: a scanner's
// paths (test/fixtures/http/scanner-paths.txt) with every method, bodies, garbage,
// HTTP/1.0, absolute-form targets, huge headers, oversized and slow bodies, pipelined
// requests and abrupt resets. Each exchange says which answers are acceptable; `throwAt`
// runs them all against a port and tallies what came back.
import { readFileSync } from 'node:fs';
import { METHODS } from 'node:http';
import { connect } from 'node:net';

export type Step = { write: string | Buffer } | { wait: number } | { reset: true } | { end: true };

export interface Outcome {
  /** Status codes of every response seen, interim (100) ones included, in order. */
  statuses: number[];
  /** The server closed (or reset) the connection. */
  closed: boolean;
  /** Headers of the first final response, lower-cased names. */
  headers: Record<string, string>;
  ms: number;
}

export interface Exchange {
  name: string;
  steps: Step[];
  /** Null when the outcome is acceptable, else what is wrong with it. */
  check(o: Outcome): string | null;
  timeoutMs?: number;
}

/** The routes a server has: path -> methods. */
export type Routes = Readonly<Record<string, readonly string[]>>;

const SCANNER_UA = [
  'Mozilla/5.00 (Nikto/2.5.0) (Evasions:None) (Test:000003)',
  'Mozilla/5.0 (compatible; Nmap Scripting Engine; https://nmap.org/book/nse.html)',
  'gobuster/3.6',
  'Mozilla/5.0 zgrab/0.x',
  'python-requests/2.31.0',
  'curl/8.5.0',
  'Go-http-client/1.1',
  'masscan/1.3 (https://github.com/robertdavidgraham/masscan)',
];

const STANDARD_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'OPTIONS',
  'PATCH',
  'TRACE',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'PURGE',
  'REPORT',
  'MKACTIVITY',
  'CHECKOUT',
  'MERGE',
  'NOTIFY',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'M-SEARCH',
  'LINK',
  'UNLINK',
  'SOURCE',
  'ACL',
  'BIND',
  'REBIND',
  'UNBIND',
  'MKCALENDAR',
  'QUERY',
];
/** Methods no HTTP server knows: the parser refuses them. */
const UNKNOWN_METHODS = ['FOO', 'DEBUG', 'TRACK', 'get', 'Get', 'G3T', 'PRI'];

const DIRB_WORDS = [
  'admin',
  'backup',
  'config',
  'db',
  'test',
  'login',
  'upload',
  'api',
  'old',
  'dev',
  'cgi-bin',
  'private',
  'console',
  'wp',
];
const DIRB_EXTENSIONS = [
  '',
  '/',
  '.php',
  '.bak',
  '.zip',
  '.sql',
  '.asp',
  '.aspx',
  '.jsp',
  '.old',
  '.txt',
  '~',
];

export function scannerPaths(): string[] {
  const file = new URL('../fixtures/http/scanner-paths.txt', import.meta.url);
  const listed = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => (l.startsWith('/') ? l : `/${l}`));
  const dirb = DIRB_WORDS.flatMap((w) => DIRB_EXTENSIONS.map((e) => `/${w}${e}`));
  return [...new Set(['/', ...listed, ...dirb])];
}

const request = (method: string, target: string, headers: string[] = [], body = '') =>
  `${method} ${target} HTTP/1.1\r\nHost: bot.example.com\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n${body}`;

/** The path an origin-form target resolves to (dot segments removed), or null when it does not parse. */
function resolvedPath(target: string): string | null {
  try {
    return new URL(`http://localhost${target}`).pathname;
  } catch {
    return null;
  }
}

/** Whether a target can go on the request line at all (the parser refuses spaces, controls, some bytes). */
const parsable = (target: string) => /^[\x21-\x7e]+$/.test(target) && !/["<>\\^`{|}]/.test(target);

const first = (o: Outcome) => o.statuses.find((s) => s >= 200);
const expectStatus =
  (...allowed: number[]) =>
  (o: Outcome): string | null => {
    const s = first(o);
    return s !== undefined && allowed.includes(s)
      ? null
      : `answered ${s ?? (o.closed ? 'nothing (closed)' : 'nothing (hung)')}, expected ${allowed.join(' or ')}`;
  };
const closedOr =
  (...allowed: number[]) =>
  (o: Outcome): string | null =>
    first(o) === undefined && o.closed ? null : expectStatus(...allowed)(o);

/** What a request with this method and target should get from a server with `routes`. */
function expected(
  routes: Routes,
  method: string,
  target: string,
  signedPost: number,
): (o: Outcome) => string | null {
  if (!METHODS.includes(method)) return closedOr(400);
  if (!parsable(target)) return closedOr(400, 404);
  if (method === 'CONNECT') return closedOr(400, 404, 405);
  const path = resolvedPath(target);
  const methods = path === null ? undefined : routes[path];
  if (path === null) return expectStatus(400);
  if (!methods) return expectStatus(404);
  if (!methods.includes(method))
    return (o) =>
      expectStatus(405)(o) ?? (o.headers.allow === methods.join(', ') ? null : `Allow: ${o.headers.allow}`);
  return method === 'POST' ? expectStatus(signedPost) : expectStatus(200);
}

/**
 * Every exchange for a server with `routes`. `unsignedPost` is what a POST to a route
 * gets without credentials (401 for Slack's events); `bodyRoute` is a POST route that
 * reads bodies (for the size and deadline cases), if the server has one.
 */
export function scannerExchanges(opts: {
  routes: Routes;
  unsignedPost: number;
  bodyRoute?: string;
  /** Headers that make a POST look signed, so its body is read (for the slow-body cases). */
  signedLooking?: () => string[];
}): Exchange[] {
  const { routes } = opts;
  const out: Exchange[] = [];
  const paths = scannerPaths();
  paths.forEach((path, i) => {
    const ua = `User-Agent: ${SCANNER_UA[i % SCANNER_UA.length]}`;
    out.push({
      name: `GET ${path}`,
      steps: [{ write: request('GET', path, [ua, 'Accept: */*', 'Connection: close']) }],
      check: expected(routes, 'GET', path, opts.unsignedPost),
    });
  });
  const probed = [
    '/',
    ...Object.keys(routes),
    '/wp-login.php',
    '/favicon.ico',
    '/.env',
    '/admin',
    '/api/',
    '/server-status',
    '/index.php',
  ];
  for (const path of probed) {
    for (const method of [...STANDARD_METHODS, ...UNKNOWN_METHODS]) {
      const form = method === 'POST' || method === 'PUT' || method === 'PATCH';
      const body = form ? 'log=admin&pwd=password123&wp-submit=Log+In' : '';
      const headers = [
        'Connection: close',
        ...(form
          ? ['Content-Type: application/x-www-form-urlencoded', `Content-Length: ${body.length}`]
          : []),
      ];
      out.push({
        name: `${method} ${path}`,
        steps: [{ write: request(method, path, headers, body) }],
        check: expected(routes, method, path, opts.unsignedPost),
      });
    }
  }
  out.push(...specials(opts));
  return out;
}

function specials(opts: {
  routes: Routes;
  unsignedPost: number;
  bodyRoute?: string;
  signedLooking?: () => string[];
}): Exchange[] {
  const health = Object.keys(opts.routes).find((p) => opts.routes[p]?.includes('GET')) ?? '/healthz';
  const close = 'Connection: close';
  const garbage = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 2654435761 + 7) % 256));
  const clientHello = Buffer.from(
    '16030100c4010000c00303' +
      'a1'.repeat(32) +
      '20' +
      'b2'.repeat(32) +
      '0020c02bc02fc02cc030cca9cca8c013c014009c009d002f0035000a01000057',
    'hex',
  );
  const list: Exchange[] = [
    {
      name: 'HTTP/1.0 without Host to /',
      steps: [{ write: 'GET / HTTP/1.0\r\n\r\n' }],
      check: expectStatus(404),
    },
    {
      name: `HTTP/1.0 ${health}`,
      steps: [{ write: `GET ${health} HTTP/1.0\r\n\r\n` }],
      check: expectStatus(200),
    },
    { name: 'HTTP/1.0 HEAD /', steps: [{ write: 'HEAD / HTTP/1.0\r\n\r\n' }], check: expectStatus(404) },
    {
      name: 'absolute-form to the health path',
      steps: [
        {
          write: `GET http://bot.example.com${health} HTTP/1.1\r\nHost: bot.example.com\r\n${close}\r\n\r\n`,
        },
      ],
      check: expectStatus(200),
    },
    {
      name: 'absolute-form to /',
      steps: [{ write: `GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n${close}\r\n\r\n` }],
      check: expectStatus(404),
    },
    {
      name: 'absolute-form with userinfo and port',
      steps: [
        {
          write: `GET http://user:pass@evil.example:8080/wp-login.php HTTP/1.1\r\nHost: evil.example\r\n${close}\r\n\r\n`,
        },
      ],
      check: expectStatus(404),
    },
    {
      name: 'absolute-form ftp scheme',
      steps: [{ write: `GET ftp://evil.example/etc/passwd HTTP/1.1\r\nHost: x\r\n${close}\r\n\r\n` }],
      check: closedOr(400),
    },
    {
      name: 'OPTIONS *',
      steps: [{ write: `OPTIONS * HTTP/1.1\r\nHost: x\r\n${close}\r\n\r\n` }],
      check: expectStatus(400, 404),
    },
    {
      name: 'CONNECT to a host',
      steps: [{ write: 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n' }],
      check: closedOr(400, 404, 405),
    },
    {
      name: 'HTTP/2 preface',
      steps: [{ write: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n' }, { end: true }],
      check: closedOr(400, 505),
    },
    {
      name: 'HTTP/9.9',
      steps: [{ write: 'GET / HTTP/9.9\r\nHost: x\r\n\r\n' }, { end: true }],
      check: closedOr(400, 505),
    },
    { name: 'HTTP/0.9 simple request', steps: [{ write: 'GET /\r\n' }, { end: true }], check: closedOr(400) },
    {
      name: 'TLS ClientHello on the plain port',
      steps: [{ write: clientHello }, { end: true }],
      check: closedOr(400),
    },
    {
      name: 'SSH banner',
      steps: [{ write: 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6\r\n' }, { end: true }],
      check: closedOr(400),
    },
    { name: 'binary garbage', steps: [{ write: garbage }, { end: true }], check: closedOr(400) },
    { name: 'only blank lines', steps: [{ write: '\r\n\r\n\r\n\r\n' }, { end: true }], check: closedOr(400) },
    { name: 'connect and close at once', steps: [{ end: true }], check: closedOr(400) },
    {
      name: 'connect and say nothing (shed by the header timeout)',
      steps: [],
      check: closedOr(408, 400),
      timeoutMs: 20_000,
    },
    {
      name: 'RDP cookie probe',
      steps: [{ write: Buffer.from('030000130ee000000000000100080003000000', 'hex') }, { end: true }],
      check: closedOr(400),
    },
    {
      name: 'a 20 KB header value',
      steps: [{ write: request('GET', '/', [`X-Pad: ${'a'.repeat(20_000)}`, close]) }],
      check: closedOr(431, 400),
    },
    {
      name: '400 headers',
      steps: [
        {
          write: request('GET', '/', [
            ...Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'v'.repeat(60)}`),
            close,
          ]),
        },
      ],
      check: closedOr(431, 400),
    },
    {
      name: 'a 100 KB request target',
      steps: [{ write: request('GET', `/${'A'.repeat(100_000)}`, [close]) }],
      check: closedOr(414, 431, 400),
    },
    {
      name: 'bare LF line endings',
      steps: [{ write: `GET ${health} HTTP/1.1\nHost: x\nConnection: close\n\n` }, { end: true }],
      check: closedOr(200, 400),
    },
    {
      name: 'a NUL in a header',
      steps: [{ write: `GET / HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n${close}\r\n\r\n` }],
      check: closedOr(400),
    },
    {
      name: 'obs-fold header',
      steps: [{ write: `GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n${close}\r\n\r\n` }],
      check: closedOr(400, 404),
    },
    {
      name: 'header without a colon',
      steps: [{ write: `GET / HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n${close}\r\n\r\n` }],
      check: closedOr(400),
    },
    {
      name: 'two different Content-Lengths',
      steps: [
        { write: `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef` },
      ],
      check: closedOr(400),
    },
    {
      name: 'Content-Length and chunked (smuggling)',
      steps: [
        {
          write: `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /admin HTTP/1.1\r\nHost: x\r\n\r\n`,
        },
      ],
      check: closedOr(400),
    },
    {
      name: 'a negative Content-Length',
      steps: [{ write: `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n` }],
      check: closedOr(400),
    },
    {
      name: 'a 20-digit Content-Length',
      steps: [{ write: `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n` }],
      check: closedOr(400, 404, 413),
    },
    {
      name: 'an invalid chunk size',
      steps: [
        { write: `POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n` },
      ],
      check: closedOr(400, 404),
    },
    {
      name: 'Transfer-Encoding gzip only',
      steps: [{ write: `POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nabc` }, { end: true }],
      check: closedOr(400, 404, 501),
    },
    {
      name: 'UTF-8 bytes in the target',
      steps: [
        { write: Buffer.from(`GET /caf\u00e9/\u65e5\u672c HTTP/1.1\r\nHost: x\r\n${close}\r\n\r\n`, 'utf8') },
      ],
      check: closedOr(400, 404),
    },
    { name: 'a lone %', steps: [{ write: request('GET', '/%', [close]) }], check: expectStatus(400, 404) },
    {
      name: 'double-encoded traversal',
      steps: [{ write: request('GET', '/%252e%252e/%252e%252e/etc/passwd', [close]) }],
      check: expectStatus(404),
    },
    {
      name: 'protocol-relative target',
      steps: [{ write: request('GET', '//evil.example/slack/events', [close]) }],
      check: expectStatus(404),
    },
    {
      name: 'a fragment in the target',
      steps: [{ write: request('GET', `${health}#frag`, [close]) }],
      check: expectStatus(200, 400),
    },
    {
      name: 'two Host headers',
      steps: [{ write: `GET ${health} HTTP/1.1\r\nHost: a\r\nHost: b\r\n${close}\r\n\r\n` }],
      check: closedOr(200, 400),
    },
    {
      name: 'websocket upgrade to /',
      steps: [
        {
          write: request('GET', '/', [
            'Upgrade: websocket',
            'Connection: Upgrade',
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
            'Sec-WebSocket-Version: 13',
          ]),
        },
        { wait: 200 },
        { end: true },
      ],
      check: closedOr(404, 400),
    },
    {
      name: 'h2c upgrade',
      steps: [
        {
          write: request('GET', health, [
            'Upgrade: h2c',
            'Connection: Upgrade, HTTP2-Settings',
            'HTTP2-Settings: AAMAAABkAAQAAP__',
          ]),
        },
        { wait: 200 },
        { end: true },
      ],
      check: closedOr(200, 400),
    },
    {
      name: 'a body on GET of the health path',
      steps: [{ write: request('GET', health, ['Content-Length: 11', close], 'hello world') }],
      check: expectStatus(413),
    },
    {
      name: 'a chunked body on GET of the health path',
      steps: [
        { write: request('GET', health, ['Transfer-Encoding: chunked', close], '5\r\nhello\r\n0\r\n\r\n') },
      ],
      check: expectStatus(413),
    },
    {
      name: 'pipelined: health, unknown, wrong method',
      steps: [
        { write: request('GET', health) + request('GET', '/wp-login.php') + request('DELETE', health) },
        { end: true },
      ],
      check: (o) => (o.statuses.join(',') === '200,404,405' ? null : `answered ${o.statuses.join(',')}`),
    },
    {
      name: 'pipelined: 50 scanner paths on one connection',
      steps: [
        {
          write: scannerPaths()
            .slice(0, 50)
            .filter(parsable)
            .map((p) => request('GET', p))
            .join(''),
        },
        { end: true },
      ],
      check: (o) =>
        o.statuses.length > 0 && o.statuses.every((s) => s === 404 || s === 400)
          ? null
          : `answered ${o.statuses.join(',')}`,
    },
    {
      name: 'pipelined after a refused body',
      steps: [
        {
          write:
            request('POST', '/wp-login.php', ['Content-Length: 10'], '0123456789') + request('GET', health),
        },
        { end: true },
      ],
      check: (o) =>
        o.statuses[0] === 404 && (o.statuses.length === 1 || o.statuses[1] === 200)
          ? null
          : `answered ${o.statuses.join(',')}`,
    },
    {
      name: 'reset mid-headers',
      steps: [{ write: 'GET /wp-login.php HTTP/1.1\r\nHost: x\r\nUser-Ag' }, { wait: 50 }, { reset: true }],
      check: () => null,
    },
    {
      name: 'reset right after the request',
      steps: [{ write: request('GET', '/') }, { reset: true }],
      check: () => null,
    },
    {
      name: 'reset mid-body to an unknown path',
      steps: [
        { write: request('POST', '/upload.php', ['Content-Length: 100000'], 'x'.repeat(1000)) },
        { wait: 50 },
        { reset: true },
      ],
      check: () => null,
    },
    {
      name: 'slow headers (a byte every 300 ms)',
      steps: [
        { write: 'GET / HTTP/1.1\r\n' },
        ...Array.from(
          { length: 40 },
          (_, i) => [{ wait: 300 }, { write: i % 2 ? 'X' : 'a' }] as Step[],
        ).flat(),
      ],
      check: closedOr(408, 400),
      timeoutMs: 25_000,
    },
  ];
  const route = opts.bodyRoute;
  if (route) {
    const signed = opts.signedLooking?.() ?? [];
    const json = 'Content-Type: application/json';
    list.push(
      {
        name: 'a 50 MB Content-Length (refused unread)',
        steps: [{ write: request('POST', route, [...signed, json, `Content-Length: ${50 * 1024 * 1024}`]) }],
        check: expectStatus(413),
      },
      {
        name: 'a 50 MB Content-Length with Expect: 100-continue',
        steps: [
          {
            write: request('POST', route, [
              ...signed,
              json,
              'Expect: 100-continue',
              `Content-Length: ${50 * 1024 * 1024}`,
            ]),
          },
        ],
        check: (o) =>
          o.statuses.includes(100) ? 'sent 100 Continue for a body it refuses' : expectStatus(413)(o),
      },
      {
        name: 'a 3 MB chunked body sent at once',
        steps: [
          { write: request('POST', route, [...signed, json, 'Transfer-Encoding: chunked']) },
          ...Array.from({ length: 48 }, () => ({ write: `10000\r\n${'x'.repeat(0x10000)}\r\n` })),
          { write: '0\r\n\r\n' },
        ],
        check: closedOr(413),
      },
      {
        name: 'a 3 MB Content-Length body sent at once',
        steps: [
          { write: request('POST', route, [...signed, json, `Content-Length: ${3 * 1024 * 1024}`]) },
          { write: Buffer.alloc(3 * 1024 * 1024, 0x78) },
        ],
        check: closedOr(413),
      },
      {
        name: 'a slow body (10 of 1000 bytes, then nothing)',
        steps: [{ write: request('POST', route, [...signed, json, 'Content-Length: 1000'], '{"type":"e') }],
        check: closedOr(408),
        timeoutMs: 20_000,
      },
      {
        name: 'a trickled body (a byte every 250 ms)',
        steps: [
          { write: request('POST', route, [...signed, json, 'Content-Length: 200']) },
          ...Array.from({ length: 60 }, () => [{ wait: 250 }, { write: '{' }] as Step[]).flat(),
        ],
        check: closedOr(408),
        timeoutMs: 25_000,
      },
      {
        name: 'a trickled chunked body',
        steps: [
          { write: request('POST', route, [...signed, json, 'Transfer-Encoding: chunked']) },
          ...Array.from({ length: 40 }, () => [{ wait: 300 }, { write: '1\r\nx\r\n' }] as Step[]).flat(),
        ],
        check: closedOr(408),
        timeoutMs: 25_000,
      },
      {
        name: 'unsigned POST with a JSON body',
        steps: [{ write: request('POST', route, [json, 'Content-Length: 2', close], '{}') }],
        check: expectStatus(opts.unsignedPost),
      },
      {
        name: 'a stale timestamp',
        steps: [
          {
            write: request(
              'POST',
              route,
              [json, 'X-Slack-Signature: v0=00', 'X-Slack-Request-Timestamp: 1', 'Content-Length: 2', close],
              '{}',
            ),
          },
        ],
        check: expectStatus(401),
      },
      {
        name: 'a timestamp that is not a number',
        steps: [
          {
            write: request(
              'POST',
              route,
              [
                json,
                'X-Slack-Signature: v0=00',
                'X-Slack-Request-Timestamp: now',
                'Content-Length: 2',
                close,
              ],
              '{}',
            ),
          },
        ],
        check: expectStatus(401),
      },
      {
        name: 'a signed-looking POST with a wrong signature',
        steps: [{ write: request('POST', route, [...signed, json, 'Content-Length: 2', close], '{}') }],
        check: expectStatus(401),
      },
      {
        name: 'an unsigned ssl_check form',
        steps: [
          {
            write: request(
              'POST',
              route,
              ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: 25', close],
              'ssl_check=1&token=abcdefg',
            ),
          },
        ],
        check: expectStatus(200),
      },
      {
        name: 'an unsigned form over the ssl_check size',
        steps: [
          {
            write: request(
              'POST',
              route,
              ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: 5000', close],
              'a'.repeat(5000),
            ),
          },
        ],
        check: closedOr(413),
      },
      {
        name: 'reset mid-body',
        steps: [
          { write: request('POST', route, [...signed, json, 'Content-Length: 100000'], 'x'.repeat(5000)) },
          { wait: 50 },
          { reset: true },
        ],
        check: () => null,
      },
    );
  }
  return list;
}

/** Runs one exchange on a fresh connection. */
export function exchange(port: number, ex: Exchange): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((m) => Number(m[1]));
      const headers: Record<string, string> = {};
      const head = /HTTP\/1\.[01] [2-5]\d\d [^\r\n]*\r\n([\s\S]*?)\r\n\r\n/.exec(text)?.[1] ?? '';
      for (const line of head.split('\r\n')) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ statuses, closed, headers, ms: performance.now() - started });
    };
    const timer = setTimeout(() => finish(false), ex.timeoutMs ?? 15_000);
    socket.on('data', (d) => received.push(d));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('connect', async () => {
      for (const step of ex.steps) {
        if (done || socket.destroyed) return;
        if ('write' in step) socket.write(step.write);
        else if ('wait' in step) await new Promise((r) => setTimeout(r, step.wait));
        else if ('end' in step) socket.end();
        else {
          socket.resetAndDestroy();
          return finish(true);
        }
      }
    });
  });
}

export interface Tally {
  thrown: number;
  /** Exchanges whose outcome was acceptable. */
  survived: number;
  failures: string[];
  statuses: Record<string, number>;
}

/** Runs every exchange, `concurrency` at a time, slow ones first. */
export async function throwAt(port: number, exchanges: Exchange[], concurrency = 24): Promise<Tally> {
  const tally: Tally = { thrown: 0, survived: 0, failures: [], statuses: {} };
  const queue = [...exchanges].sort((a, b) => (b.timeoutMs ?? 0) - (a.timeoutMs ?? 0));
  const worker = async () => {
    for (let ex = queue.shift(); ex; ex = queue.shift()) {
      const o = await exchange(port, ex);
      tally.thrown++;
      const key = o.statuses.length ? o.statuses.join('+') : o.closed ? 'closed' : 'hung';
      tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
      const problem = ex.check(o);
      if (problem) tally.failures.push(`${ex.name}: ${problem}`);
      else tally.survived++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return tally;
}

/** The exchanges for Slack's HTTP mode: POST /slack/events (signed) and GET /healthz. */
export function slackExchanges(): Exchange[] {
  return scannerExchanges({
    routes: { '/slack/events': ['POST'], '/healthz': ['GET', 'HEAD'] },
    unsignedPost: 401,
    bodyRoute: '/slack/events',
    signedLooking: () => [
      `X-Slack-Request-Timestamp: ${Math.floor(Date.now() / 1000)}`,
      `X-Slack-Signature: v0=${'0'.repeat(64)}`,
    ],
  });
}
