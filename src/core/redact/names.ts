// Whether a name (an env variable, a key in a config, a command-line flag, a header)
// holds a secret, and what kind. The name decides; the value only decides for names
// that are secrets in some programs and not in others (`key`, `auth`, `token`).
import { isPlaceholder, looksLikeKeyValue, looksLikePath, looksRandom, wordShare } from './shape.js';

/** env: `DB_PASSWORD=`; code: `password=`, `"password":`; flag: `--password`. */
export type NameStyle = 'env' | 'code' | 'flag';

export type SecretKind = 'password' | 'secret' | 'token' | 'cookie' | 'authorization';

const PASSWORD_WORDS = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'pw',
  'passphrase',
  'passcode',
  'keypass',
  'storepass',
  'passwort',
  'contrasena',
  'contraseña',
  'senha',
]);
const SECRET_WORDS = new Set([
  'secret',
  'secrets',
  'credential',
  'credentials',
  'creds',
  'cred',
  'apikey',
  'privatekey',
  'privkey',
  'accesskey',
  'secretkey',
  'authkey',
  'appkey',
  'servicekey',
  'clientkey',
  'dbkey',
  'databasekey',
  'applicationkey',
  'accountkey',
  'masterkey',
  'signingkey',
  'encryptionkey',
  'licensekey',
  'subscriptionkey',
  'sas',
  'salt',
]);
/** `<word> key` names a credential: api key, access key, shared access key. */
const KEY_PAIRS = new Set([
  'api',
  'access',
  'secret',
  'private',
  'priv',
  'auth',
  'signing',
  'sign',
  'account',
  'session',
  'master',
  'encryption',
  'encrypt',
  'client',
  'app',
  'application',
  'service',
  'license',
  'subscription',
  'storage',
  'db',
  'database',
  'consumer',
  'hmac',
  'jwt',
  'webhook',
  'admin',
  'deploy',
  'ssh',
  'sas',
  'user',
  'developer',
  'dev',
  'prod',
  'live',
  'test',
  'management',
  'ingestion',
  'insert',
  'query',
  'write',
  'read',
  'org',
  'project',
  'personal',
]);
/** `<owner>_key`, `<owner> key`: the services ML jobs log in to. */
const KEY_OWNERS = new Set([
  'wandb',
  'kaggle',
  'comet',
  'neptune',
  'clearml',
  'mlflow',
  'openai',
  'anthropic',
  'cohere',
  'replicate',
  'mistral',
  'groq',
  'together',
  'pinecone',
  'hub',
  'hf',
  'huggingface',
  'azure',
  'aws',
  'gcp',
  'google',
  'gemini',
  'stripe',
  'sendgrid',
  'mailgun',
  'twilio',
  'slack',
  'discord',
  'github',
  'gitlab',
  'datadog',
  'sentry',
  'newrelic',
  'algolia',
  'firebase',
  'supabase',
  'deepseek',
  'perplexity',
  'fireworks',
  'voyage',
  'jina',
  'serp',
  'serpapi',
  'tavily',
  'elevenlabs',
  'runpod',
  'lambda',
  'modal',
  'vast',
  'paperspace',
  'roboflow',
  'ultralytics',
  'weaviate',
  'qdrant',
  'langchain',
  'langsmith',
  'openrouter',
]);
/** `<word> key` that is a lookup key, a layer or a public key, not a credential. */
const PLAIN_KEYS = new Set([
  'cache',
  'sort',
  'primary',
  'foreign',
  'partition',
  'dict',
  'state',
  'hash',
  'lookup',
  'map',
  'group',
  'index',
  'model',
  'layer',
  'attention',
  'value',
  'public',
  'pub',
  'gpg',
  'pgp',
  'metric',
  'monitor',
  'config',
  'column',
  'table',
  'row',
  'shard',
  'sharding',
  'object',
  'routing',
  'idempotency',
  'dedup',
  'random',
  'prng',
  'rng',
  'seed',
  'order',
  'match',
  'search',
  'event',
  'message',
  'sample',
  'batch',
  'feature',
  'input',
  'output',
  'label',
  'target',
  'field',
  'item',
  'entry',
  'result',
  'node',
  'tensor',
  'weight',
  'param',
  'module',
  'record',
  'attr',
  'attribute',
  'dataset',
  'data',
  'split',
  'file',
  'path',
  'registry',
  'unique',
  'composite',
  'hot',
  'short',
  'shortcut',
  'keyboard',
  'missing',
  'unexpected',
  'unknown',
  'duplicate',
  'invalid',
  'extra',
  'mesh',
  'sequence',
  'bucket',
  'redis',
  'config',
  'settings',
  'metadata',
  'context',
  'kv',
]);
/** Tokenizer and pagination settings: `pad_token`, `max_tokens`, `next_token`. */
const PLAIN_TOKENS = new Set([
  'pad',
  'eos',
  'bos',
  'unk',
  'cls',
  'sep',
  'mask',
  'start',
  'end',
  'special',
  'max',
  'min',
  'num',
  'n',
  'vocab',
  'image',
  'img',
  'audio',
  'video',
  'vision',
  'decoder',
  'encoder',
  'eot',
  'sot',
  'eod',
  'eop',
  'think',
  'tool',
  'system',
  'assistant',
  'placeholder',
  'prefix',
  'suffix',
  'middle',
  'fim',
  'stop',
  'split',
  'added',
  'new',
  'total',
  'input',
  'output',
  'prompt',
  'completion',
  'next',
  'page',
  'pagination',
  'continuation',
  'cursor',
  'sync',
  'cancellation',
  'cancel',
  'word',
  'sub',
  'subword',
  'last',
  'first',
  'current',
  'bad',
  'unknown',
  'dummy',
  'sentinel',
  'boundary',
  'label',
  'target',
  'lexer',
  'parser',
  'per',
]);
/** A name that ends in one of these holds where or how a secret is, not the secret. */
const NOT_SECRET_LAST = new Set([
  'file',
  'files',
  'path',
  'paths',
  'dir',
  'directory',
  'folder',
  'env',
  'var',
  'variable',
  'name',
  'names',
  'id',
  'ids',
  'type',
  'types',
  'kind',
  'len',
  'length',
  'size',
  'count',
  'num',
  'url',
  'uri',
  'endpoint',
  'host',
  'hostname',
  'port',
  'user',
  'username',
  'login',
  'mode',
  'method',
  'policy',
  'prompt',
  'stdin',
  'header',
  'field',
  'column',
  'format',
  'hint',
  'timeout',
  'ttl',
  'expiry',
  'expires',
  'expiration',
  'location',
  'source',
  'provider',
  'backend',
  'manager',
  'class',
  'required',
  'enabled',
  'enable',
  'disabled',
  'exists',
  'present',
  'valid',
  'min',
  'max',
  'rotation',
  'version',
  'index',
  'idx',
  'list',
  'prefix',
  'suffix',
  'regex',
  'pattern',
  'helper',
  'command',
  'cmd',
  'script',
  'program',
  'callback',
  'reset',
  'change',
  'changed',
  'strength',
  'policy',
  'auth',
]);

/** `DB_PASSWORD`, `apiKey`, `x-api-key`, `--db-password` -> lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/^-+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_.:/-]+/)
    .filter(Boolean);
}

const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * The kind of secret `name` holds with this `value`, or null when it holds none.
 * `style` says where the name was written; an env-style name (ALL_CAPS) is taken at its word.
 */
export function secretKind(name: string, value: string, style: NameStyle = 'code'): SecretKind | null {
  const words = nameWords(name);
  const last = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const joined = words.join('');
  if (joined === 'authorization' || joined === 'proxyauthorization') return 'authorization';
  if (last === 'cookie' || last === 'cookies') return 'cookie';
  const env = style === 'env' || ENV_NAME.test(name);
  const strong = env || style === 'flag';
  if (NOT_SECRET_LAST.has(last)) return last === 'auth' ? authKind(before, value, strong) : null;
  if (PASSWORD_WORDS.has(last) || last.endsWith('password') || last.endsWith('passwd')) return 'password';
  if (SECRET_WORDS.has(last) || (last.endsWith('secret') && last.length > 6)) return 'secret';
  if (
    last === 'token' ||
    last === 'tokens' ||
    (last.endsWith('token') && last.length > 5) ||
    last === 'pat'
  ) {
    const head = last.length > 5 && last.endsWith('token') ? last.slice(0, -5) : '';
    if (before.some((w) => PLAIN_TOKENS.has(w)) || PLAIN_TOKENS.has(head)) return null;
    if (last === 'tokens' && !env) return null;
    return strong || value.length >= 8 ? 'token' : null;
  }
  if (last === 'bearer' || last === 'jwt') return value.length >= 8 ? 'token' : null;
  if (last === 'key' || last === 'keys') return keyKind(before, value, env, style);
  if (last === 'signature' || last === 'sig') return looksLikeKeyValue(value) ? 'secret' : null;
  if (last === 'sessionid' || last === 'jsessionid' || last === 'phpsessid')
    return value.length >= 8 ? 'cookie' : null;
  // `_gitlab_session=…`, `laravel_session=…`: a session cookie's value, not `session=3`.
  if (last === 'session' && before.length > 0) return looksLikeKeyValue(value) ? 'cookie' : null;
  return null;
}

function keyKind(before: string[], value: string, env: boolean, style: NameStyle): SecretKind | null {
  const prev = before.at(-1);
  if (prev !== undefined && PLAIN_KEYS.has(prev)) return null;
  const path = looksLikePath(value);
  if (prev !== undefined && (KEY_PAIRS.has(prev) || before.some((w) => KEY_OWNERS.has(w))))
    return path && prev !== 'api' ? null : 'secret';
  if (env && prev !== undefined) return path ? null : 'secret';
  // A bare `key` or `x_key` in code or a flag: a lookup key unless the value is key-shaped.
  if (path) return null;
  if (prev === undefined) return looksRandom(value, 20) ? 'secret' : null;
  // `<vendor>_key = "…"` (gitleaks' vendor rules): a key-shaped value that does not read as words.
  return looksLikeKeyValue(value) &&
    (style !== 'code' || looksRandom(value) || /^[0-9a-f]{32,}$/i.test(value) || wordShare(value) < 0.6)
    ? 'secret'
    : null;
}

function authKind(before: string[], value: string, strong: boolean): SecretKind | null {
  if (before.at(-1) === 'basic' || strong) return /^[a-z]{2,12}$/.test(value) ? null : 'secret';
  if (value.includes(':') && !value.includes('://')) return 'secret';
  return looksLikeKeyValue(value) ? 'secret' : null;
}

/** Compatibility with callers that name the kind as a string. */
export function isSecretName(name: string, value: string): string | null {
  return isPlaceholder(value) ? null : secretKind(name, value);
}
