// Removes secrets from text before it is stored or echoed. Every pattern is linear in
// the input: bounded repetitions, no nested quantifiers over overlapping classes, and
// the one unbounded construct (private key blocks) is scanned with indexOf.

export interface Redaction {
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

/** What a secret is replaced with; never matched by any pattern, so redaction is idempotent. */
export const redactedMarker = (kind: string): string => `[REDACTED:${kind}]`;

interface TokenRule {
  kind: string;
  re: RegExp;
  /** Returns the replacement, or null to keep the match as it is. */
  replace?: (m: string, groups: string[]) => string | null;
}

const B64 = 'A-Za-z0-9/+';
const SHORT_PASSWORD_FLAG = /([ \t]-p[ \t]{0,4})('[^'\n]{1,256}'|"[^"\n]{1,256}"|[^\s'"]{1,256})/g;

const RULES: readonly TokenRule[] = [
  { kind: 'slack-token', re: /\bxox[abposer]-[A-Za-z0-9-]{10,250}/g },
  { kind: 'slack-app-token', re: /\bxapp-[A-Za-z0-9-]{10,250}/g },
  { kind: 'slack-webhook', re: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]{10,120}/g },
  {
    kind: 'discord-webhook',
    re: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d{5,25}\/[\w-]{20,120}/g,
  },
  {
    kind: 'discord-token',
    re: /(?<![\w-])[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,40}(?![\w-])/g,
  },
  { kind: 'github-token', re: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g },
  { kind: 'github-token', re: /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g },
  { kind: 'huggingface-token', re: /\bhf_[A-Za-z0-9]{30,60}\b/g },
  { kind: 'openai-key', re: /\bsk-[A-Za-z0-9_-]{20,250}/g },
  { kind: 'google-api-key', re: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: 'google-oauth', re: /\bya29\.[0-9A-Za-z_-]{20,2048}/g },
  { kind: 'google-oauth', re: /\bGOCSPX-[A-Za-z0-9_-]{20,64}/g },
  { kind: 'gitlab-token', re: /\bglpat-[A-Za-z0-9_-]{20,64}/g },
  { kind: 'npm-token', re: /\bnpm_[A-Za-z0-9]{36,64}\b/g },
  { kind: 'pypi-token', re: /\bpypi-AgE[A-Za-z0-9_-]{50,4096}/g },
  { kind: 'stripe-key', re: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{20,247}\b/g },
  { kind: 'databricks-token', re: /\bdapi[0-9a-f]{32}(?:-\d{1,2})?\b/g },
  {
    kind: 'jwt',
    re: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,2000}\.eyJ[A-Za-z0-9_-]{8,4000}\.[A-Za-z0-9_-]{8,2000}/g,
  },
  { kind: 'aws-access-key', re: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g },
  {
    kind: 'aws-secret-key',
    re: new RegExp(`(?<![${B64}=])[${B64}]{40}(?![${B64}=])`, 'g'),
    replace: (m) => (looksLikeAwsSecret(m) ? redactedMarker('aws-secret-key') : null),
  },
  {
    // A line that is nothing but a long base64 run: the body of a key block quoted on its own.
    kind: 'key-material',
    re: /^[ \t]{0,8}[A-Za-z0-9+/]{40,4096}={0,2}[ \t]{0,8}$/gm,
    replace: (m) => (looksLikeAwsSecret(m) ? redactedMarker('key-material') : null),
  },
  {
    // Credentials in a URL's query: signed URLs (Azure SAS, S3 and GCS presigned), Jupyter's ?token=.
    kind: 'url-param',
    re: /([?&;](?:sig|signature|x-amz-signature|x-amz-security-token|x-amz-credential|x-goog-signature|x-goog-credential|token|access_token|id_token|refresh_token|api_key|apikey|key|password|secret|client_secret)=)([^\s&#"'<>]{6,4096})/gi,
    replace: (_m, g) => (g[1]?.startsWith('[REDACTED') ? null : `${g[0]}${redactedMarker('url-param')}`),
  },
  {
    // wandb login KEY (the API key is 40 hex digits, like a commit hash, so only here).
    kind: 'wandb-key',
    re: /\b(wandb\s{1,4}login\s{1,4}(?:--relogin\s{1,4})?)([0-9a-f]{40})\b/g,
    replace: (_m, g) => `${g[0]}${redactedMarker('wandb-key')}`,
  },
  {
    // A .netrc: `machine HOST login USER password SECRET`, on one line or the password on its own.
    kind: 'password',
    re: /^([ \t]{0,16}(?:machine[ \t]{1,4}\S{1,256}[ \t]{1,4})?(?:login[ \t]{1,4}\S{1,256}[ \t]{1,4})?password[ \t]{1,4})(\S{1,256})[ \t]{0,16}$/gm,
    // A bare lowercase word is prose ("password required"), not a password.
    replace: (_m, g) =>
      g[1]?.startsWith('[REDACTED') || /^[a-z]+$/.test(g[1] ?? '')
        ? null
        : `${g[0]}${redactedMarker('password')}`,
  },
  {
    // `docker login -p SECRET`, `sshpass -p 'SECRET'`: -p means password only after these.
    kind: 'password',
    re: /\b(login|sshpass)\b([^\n]{1,400})/g,
    replace: (_m, g) => {
      const rest = g[1] ?? '';
      const out = rest.replace(SHORT_PASSWORD_FLAG, (m, flag: string, value: string) =>
        /^['"]?(?:\[REDACTED|\$)/.test(value) ? m : `${flag}${redactedMarker('password')}`,
      );
      return out === rest ? null : `${g[0]}${out}`;
    },
  },
  {
    // --db-password SECRET, --api-key=SECRET: command-line flags named like a secret.
    kind: 'flag',
    re: /(?<![\w-])(--?)([A-Za-z][A-Za-z0-9_-]{0,63})([= ][ \t]{0,4})('[^'\n]{1,512}'|"[^"\n]{1,512}"|[^\s'"]{1,512})/g,
    replace: (m, g) => namedSecret(m, [g[0] ?? '', g[1] ?? '', g[2] ?? '', g[3] ?? ''], true),
  },
  {
    // scheme://user:password@host
    kind: 'url-password',
    re: /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]{0,20}:\/\/[^\s:/@[]{0,256}:)([^\s@/]{1,256})@/gi,
    replace: (_m, g) => (g[1]?.startsWith('[REDACTED') ? null : `${g[0]}${redactedMarker('url-password')}@`),
  },
  {
    kind: 'authorization',
    re: /\b(authorization["']?\s{0,4}[:=]\s{0,4}["']?)(?:(bearer|basic|token|bot|digest)\s{1,4})?([^\s"',;]{1,4096})/gi,
    replace: (_m, g) =>
      g[2]?.startsWith('[REDACTED')
        ? null
        : `${g[0]}${g[1] ? `${g[1]} ` : ''}${redactedMarker('authorization')}`,
  },
  {
    kind: 'bearer',
    re: /\b(bearer\s{1,4})([A-Za-z0-9._~+/=-]{8,4096})/gi,
    replace: (_m, g) => `${g[0]}${redactedMarker('bearer')}`,
  },
  {
    // NAME=value, NAME: value, "name": "value", --name value is not covered (no separator).
    kind: 'named-secret',
    re: /(?<![\w.-])(["']?)([A-Za-z][A-Za-z0-9_.-]{0,63})\1(\s{0,4}[=:]\s{0,4})("[^"\n]{0,512}"|'[^'\n]{0,512}'|[^\s"',;&}\]]{1,512})/g,
    replace: (m, g) => namedSecret(m, g),
  },
];

function looksLikeAwsSecret(s: string): boolean {
  // AWS secret keys mix cases and digits; hex digests and words do not.
  return /[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s) && !/^[0-9a-fA-F]+$/.test(s);
}

/** `flag`: g[0] is the dashes of a command-line flag rather than a quote around the name. */
function namedSecret(match: string, g: string[], flag = false): string | null {
  const [quote = '', name = '', sep = '', rawValue = ''] = g;
  const value = rawValue.replace(/^["']|["']$/g, '');
  const kind = isSecretName(name, value);
  const q = rawValue.startsWith('"') || rawValue.startsWith("'") ? rawValue[0] : '';
  if (!kind) {
    // `"error": "… DB_PASSWORD=… "`: the quoted value was taken whole, so look inside it.
    if (!q || value.length < 2) return null;
    const inner = redactPlain(value).text;
    return inner === value ? null : `${quote}${name}${flag ? '' : quote}${sep}${q}${inner}${q}`;
  }
  const replaced = `${quote}${name}${flag ? '' : quote}${sep}${q}${redactedMarker(kind)}${q}`;
  return replaced === match ? null : replaced;
}

const PAIRS = new Set([
  'api key',
  'access key',
  'secret key',
  'private key',
  'auth key',
  'signing key',
  'account key',
  'session key',
  'master key',
  'encryption key',
  'client secret',
  'api token',
]);
const PASSWORD_WORDS = new Set(['password', 'passwd', 'pwd', 'passphrase', 'pass']);
const SECRET_WORDS = new Set(['secret', 'credential', 'credentials', 'apikey', 'privatekey', 'accesskey']);
/** `<owner>_key` names a credential (wandb_key); cache_key and sort_key do not. */
const KEY_OWNERS = new Set([
  'wandb',
  'comet',
  'neptune',
  'clearml',
  'openai',
  'anthropic',
  'cohere',
  'replicate',
  'hub',
  'hf',
  'huggingface',
  'azure',
  'aws',
  'gcp',
  'stripe',
  'license',
  'service',
  'user',
  'app',
  'admin',
  'deploy',
  'storage',
  'subscription',
  'ssh',
]);
const PLACEHOLDER = /^(?:\[REDACTED|\$|<|\*{3}|x{3}|none$|null$|true$|false$|undefined$)/i;

/** The kind of secret a `name=value` pair holds, or null when the name is not a secret's. */
export function isSecretName(name: string, value: string): string | null {
  if (value === '' || PLACEHOLDER.test(value)) return null;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  const last = words.at(-1) ?? '';
  const pair = `${words.at(-2) ?? ''} ${last}`;
  if (PASSWORD_WORDS.has(last)) return 'password';
  if (SECRET_WORDS.has(last) || PAIRS.has(pair)) return 'secret';
  // Tokenizer settings (pad_token: "<pad>") are short; credentials are not.
  if (last === 'token' && value.length >= 12) return 'token';
  // kubeconfig's client-key-data, docker's "auth", wandb_key='…': only long random-looking values.
  const random =
    value.length >= 16 && /^[A-Za-z0-9+/=_-]+$/.test(value) && /[0-9]/.test(value) && /[A-Za-z]/.test(value);
  const ownedKey = last === 'key' && words.slice(0, -1).some((w) => KEY_OWNERS.has(w));
  if ((pair === 'key data' || last === 'auth' || ownedKey) && random) return 'secret';
  return null;
}

/** Replaces every secret in `text` by `[REDACTED:kind]` and counts them. Pure and linear-time. */
export function redactSecrets(text: string): Redaction {
  const view = unescapedView(text);
  if (!view) return redactPlain(text);
  const r = redactPlain(view);
  return { text: restoreEscapes(r.text), count: r.count };
}

// Text that quotes text: a JSON log line, a Python repr, a JSON key file. There `\n` glues
// the next line's first word to an `n` (`\nDB_PASSWORD=…` has no word boundary) and `\"`
// ends a quoted value early, so secrets after them would slip through. The rules run on a view where
// each of these escapes is two whitespace characters no rule keeps inside a value, then
// the escapes come back. Texts that already hold those characters are redacted as they are.
const ESCAPES: readonly [string, string][] = [
  ['\\n', '\u2028\u2028'],
  ['\\r', '\u2029\u2029'],
  ['\\t', '\u3000\u3000'],
  ['\\"', '\u205f\u205f'],
];
const ESCAPE_RE = /\\[nrt"]/g;
const VIEW_CHARS = /[\u2028\u2029\u3000\u205f]/;

function unescapedView(text: string): string | null {
  if (!text.includes('\\') || VIEW_CHARS.test(text)) return null;
  let changed = false;
  const view = text.replace(ESCAPE_RE, (e) => {
    changed = true;
    return ESCAPES.find(([from]) => from === e)?.[1] ?? e;
  });
  return changed ? view : null;
}

/** Back from the view; a view character a redaction split from its pair still means its escape. */
function restoreEscapes(view: string): string {
  return view
    .replace(/\u2028\u2028?/g, '\\n')
    .replace(/\u2029\u2029?/g, '\\r')
    .replace(/\u3000\u3000?/g, '\\t')
    .replace(/\u205f\u205f?/g, '\\"');
}

function redactPlain(text: string): Redaction {
  let count = 0;
  let out = redactPrivateKeys(text, () => count++);
  for (const rule of RULES) {
    out = out.replace(rule.re, (m: string, ...rest: unknown[]) => {
      if (!rule.replace) {
        count++;
        return redactedMarker(rule.kind);
      }
      const groups = rest.slice(
        0,
        rest.findIndex((x) => typeof x === 'number'),
      );
      const r = rule.replace(
        m,
        groups.map((x) => (typeof x === 'string' ? x : '')),
      );
      if (r === null) return m;
      count++;
      return r;
    });
  }
  return { text: out, count };
}

const BEGIN = '-----BEGIN ';
const KEY_HEADER = /^-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/;

/** PEM/OpenSSH/PGP private key blocks; an unterminated block is redacted to the end of the text. */
function redactPrivateKeys(text: string, found: () => void): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = text.indexOf(BEGIN, from);
    if (start < 0) break;
    const header = KEY_HEADER.exec(text.slice(start, start + 80));
    if (!header) {
      out += text.slice(from, start + BEGIN.length);
      from = start + BEGIN.length;
      continue;
    }
    const endTag = header[0].replace('BEGIN', 'END');
    const end = text.indexOf(endTag, start + header[0].length);
    found();
    out += `${text.slice(from, start)}${redactedMarker('private-key')}`;
    from = end < 0 ? text.length : end + endTag.length;
  }
  return out + text.slice(from);
}

/** The patterns, for the linear-time check in the tests. */
export const redactionPatterns: readonly RegExp[] = [
  ...RULES.map((r) => r.re),
  KEY_HEADER,
  SHORT_PASSWORD_FLAG,
];
