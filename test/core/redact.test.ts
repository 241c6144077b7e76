import fc from 'fast-check';
import { check } from 'recheck';
import { describe, expect, it } from 'vitest';
import { isSecretName, redactionPatterns, redactSecrets } from '../../src/core/redact/index.js';
import { makeSecret, plantedLogs } from '../fixtures/secrets/planted.js';

const secret = (kind: string, n = 1) => makeSecret(kind, n).value;

describe('redactSecrets', () => {
  it.each([
    ['slack bot token', 'slack-bot', 'token=§', 'slack-token'],
    ['slack user token', 'slack-user', 'WebClient(§)', 'slack-token'],
    ['slack app token', 'slack-app', 'app § ok', 'slack-app-token'],
    ['discord bot token', 'discord-bot', 'login §', 'discord-token'],
    ['github classic token', 'github-classic', 'https://§@github.com/x', 'github-token'],
    ['github fine-grained token', 'github-fine', 'GH §', 'github-token'],
    ['hugging face token', 'hf', '--token §', 'huggingface-token'],
    ['openai project key', 'openai', 'key §', 'openai-key'],
    ['openai legacy key', 'openai-legacy', 'key §', 'openai-key'],
    ['aws access key id', 'aws-access', 'id § given', 'aws-access-key'],
    ['aws secret key', 'aws-secret', 'secret §', 'aws-secret-key'],
    ['google api key', 'google', 'k §', 'google-api-key'],
    ['jwt', 'jwt', 'jwt §', 'jwt'],
    ['password in url', 'password', 'postgres://u:§@h:5432/db', 'url-password'],
    ['authorization header', 'token', 'Authorization: Basic §', 'authorization'],
    ['bearer token', 'token', 'curl -H "X: Bearer §"', 'bearer'],
    ['env password line', 'password', 'DB_PASSWORD=§', 'password'],
    ['env token line', 'token', 'export SERVICE_TOKEN=§', 'token'],
    ['env secret line', 'token', 'SLACK_SIGNING_SECRET=§', 'secret'],
    ['json api key', 'token', '{"api_key": "§"}', 'secret'],
    ['yaml password', 'password', "  password: '§'", 'password'],
    ['camelCase access key', 'token', 'secretAccessKey=§', 'secret'],
  ])('GIVEN a %s THEN it is replaced by a marker of its kind', (_name, secretKind, template, kind) => {
    const value = secret(secretKind);
    const r = redactSecrets(template.replace('§', value));
    expect(r.text).not.toContain(value);
    expect(r.text).toBe(template.replace('§', `[REDACTED:${kind}]`));
    expect(r.count).toBe(1);
  });

  it('GIVEN a private key block THEN no line of its body survives and the text after it stays', () => {
    const key = makeSecret('private-key', 3);
    const r = redactSecrets(`before\n${key.value}\nafter: Segmentation fault`);
    for (const line of key.sensitive) expect(r.text).not.toContain(line);
    expect(r.text).toBe('before\n[REDACTED:private-key]\nafter: Segmentation fault');
    expect(r.count).toBe(1);
  });

  it('GIVEN the lines of a key block quoted one at a time THEN each body line is redacted', () => {
    const key = makeSecret('private-key', 5);
    for (const line of key.sensitive)
      expect(redactSecrets(line)).toEqual({ text: '[REDACTED:key-material]', count: 1 });
  });

  it('GIVEN an unterminated private key block THEN everything after its header is redacted', () => {
    const key = makeSecret('private-key', 4);
    const cut = key.value.split('\n').slice(0, 3).join('\n');
    expect(redactSecrets(`x\n${cut}`)).toEqual({ text: 'x\n[REDACTED:private-key]', count: 1 });
  });

  it.each([
    [
      'a traceback line',
      'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 5.80 GiB total)',
    ],
    ['tokenizer settings', 'pad_token: "[PAD]", eos_token: </s>, max_tokens=512, num_tokens: 2048'],
    ['a git commit hash', 'commit 4b825dc642cb6eb9a060e54bf8d69288fbee4904 (HEAD -> main)'],
    ['a hub function name', 'from huggingface_hub import hf_hub_download'],
    ['a url without password', 'see https://pytorch.org/get-started/locally/ and http://user@host/x'],
    ['a KeyError about a password key', "KeyError: 'password'"],
    ['an empty password placeholder', ['PASSWORD=$', '{DB_PASSWORD} TOKEN=<your token> SECRET=***'].join('')],
    ['a long path', '/usr/local/lib/python3.10/site-packages/tensorflow/python/framework/ops.py'],
    ['a windows exit code', 'Process finished with exit code -1073740791 (0xC0000409)'],
    ['base64 longer than an aws secret', `blob ${'QmFzZTY0IGJsb2IgdGhhdCBpcyBub3QgYSBzZWNyZXQ'.repeat(3)}`],
  ])('GIVEN %s THEN the text is unchanged', (_name, text) => {
    expect(redactSecrets(text)).toEqual({ text, count: 0 });
  });

  it.each(plantedLogs().map((l) => [l.name, l] as const))(
    'GIVEN planted log %s THEN no planted secret survives and the crash lines stay',
    (_name, log) => {
      const r = redactSecrets(log.text);
      for (const s of log.secrets) expect(r.text).not.toContain(s);
      expect(r.count).toBeGreaterThanOrEqual(1);
      const lastLine = log.text.trimEnd().split('\n').at(-1) ?? '';
      expect(r.text).toContain(lastLine);
    },
  );

  it('GIVEN at least twenty planted logs THEN the fixture set is big enough', () => {
    expect(plantedLogs().length).toBeGreaterThanOrEqual(20);
  });

  it('GIVEN any text THEN redaction is idempotent', () => {
    const kinds = ['slack-bot', 'hf', 'aws-access', 'aws-secret', 'password', 'token', 'openai', 'jwt'];
    const piece = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(...kinds).map((k) => secret(k, 9)),
      fc.constantFrom('PASSWORD=', 'Authorization: ', 'Bearer ', 'https://u:', '@h', '\n', ' '),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const once = redactSecrets(parts.join(''));
        expect(redactSecrets(once.text)).toEqual({ text: once.text, count: 0 });
      }),
      { numRuns: 300 },
    );
  });
});

describe('isSecretName', () => {
  it.each([
    ['DB_PASSWORD', 'hunter2hunter2', 'password'],
    ['aws_secret_access_key', 'abc', 'secret'],
    ['clientSecret', 'abc', 'secret'],
    ['HF_TOKEN', 'a1b2c3d4e5f6g7', 'token'],
    ['pad_token', '[PAD]', null],
    ['max_tokens', '512', null],
    ['tokenizer', 'bert-base-uncased-long-name', null],
    ['password', '$' + '{PASSWORD}', null],
  ])('GIVEN name %s and value %s THEN the kind is %s', (name, value, kind) => {
    expect(isSecretName(name, value)).toBe(kind);
  });
});

describe('redaction patterns', () => {
  it.each(redactionPatterns.map((re) => [re.source, re] as const))(
    'GIVEN pattern %s THEN recheck proves it free of super-linear backtracking',
    async (_src, re) => {
      // The automaton checker proves; the default hybrid one also fuzzes, and guesses.
      const r = await check(re.source, re.flags.replace(/[gy]/g, ''), {
        checker: 'automaton',
        timeout: 60_000,
      });
      expect(r.status).toBe('safe');
    },
  );

  it.each([
    ['letters and dots', 'a.'.repeat(100_000)],
    ['colons without an at sign', 'x://u:'.repeat(40_000)],
    ['base64 run', 'Ab1/'.repeat(50_000)],
    ['assignments', 'a=b '.repeat(60_000)],
    ['key headers without end', '-----BEGIN RSA PRIVATE KEY-----'.repeat(8_000)],
    ['slack prefixes', 'xoxb-'.repeat(50_000)],
  ])(
    'GIVEN 200 KB of adversarial %s THEN redaction returns (its patterns are proved linear above)',
    (_name, text) => {
      const r = redactSecrets(text);
      expect(r.text.length).toBeGreaterThan(0);
      expect(redactSecrets(r.text).count).toBe(0);
    },
  );
});
