import fc from 'fast-check';
import { check } from 'recheck';
import { describe, expect, it } from 'vitest';
import { isSecretName, redactionPatterns, redactLines, redactSecrets } from '../../src/core/redact/index.js';
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

describe('redaction by context: the value goes whatever it looks like', () => {
  // § is the secret; a plain lower-case word, so only the context can mark it.
  const S = 'plainwordpassword';
  it.each([
    ['a Python argv list', "['train.py', '--api-key', '§', '--epochs', '3']"],
    [
      'a CalledProcessError with curl -u',
      "Command '['curl', '-u', 'admin:§', 'https://x']' returned non-zero exit status 22.",
    ],
    ['curl -u', '$ curl -u deploy:§ https://api.example.com'],
    ['curl --user=', '$ curl --user=deploy:§ https://api.example.com'],
    ['mysql -p glued', 'mysql -h db -u root -p§ ml'],
    ['redis-cli -a', 'redis-cli -h cache -a § ping'],
    ['--api-auth user:pass', 'python serve.py --api-auth admin:§'],
    ['a Cookie header', 'Cookie: sessionid=§; theme=dark'],
    ['a Set-Cookie header', '< Set-Cookie: session=§; Path=/; HttpOnly'],
    ['os.environ[...] = in code', 'os.environ["SOME_KEY"] = "§"'],
    ['os.environ.setdefault', 'os.environ.setdefault("HF_TOKEN", "§")'],
    ['os.getenv with a default', "token = os.getenv('API_TOKEN', '§')"],
    ['KAGGLE_KEY=', 'KAGGLE_KEY=§'],
    ['cmd set', 'set OPENAI_API_KEY=§'],
    ['PowerShell $env:', '$env:WANDB_API_KEY = "§"'],
    ['a YAML key', '  db_password: §'],
    ['a JSON key', '{"client_secret": "§"}'],
    ['kwargs', 'OpenAI(api_key="§")'],
    ['*_CREDENTIALS', 'AZURE_CREDENTIALS=§'],
    ['wandb login --host URL KEY', 'wandb login --host https://wandb.example.com §'],
    ['huggingface-cli login --token', 'huggingface-cli login --token §'],
    ['docker login -p', 'docker login -u ci -p § registry.example.com'],
    ['sshpass -p', "sshpass -p '§' ssh gpu-7"],
    ['htpasswd -b', 'htpasswd -b -c /etc/nginx/.htpasswd admin §'],
    ['JDBC Oracle thin', 'jdbc:oracle:thin:scott/§@db.example.com:1521:ORCL'],
    ['sqlplus user/pass@', 'sqlplus system/§@//db:1521/XE'],
    ['JDBC SQL Server', 'jdbc:sqlserver://db:1433;user=sa;password=§;encrypt=true'],
    ['ODBC Pwd=', 'Driver={ODBC Driver 18};Server=db;Uid=sa;Pwd=§;'],
    ['URL userinfo', 'postgresql://mlflow:§@db.internal:5432/mlflow'],
    ['git clone with a token', 'git clone https://oauth2:§@gitlab.example.com/ml/repo.git'],
    ['a .netrc line', 'machine api.wandb.ai login user password §'],
    ['an Authorization header', 'curl -H "Authorization: Token §" https://api.internal'],
  ])('GIVEN %s THEN the value is redacted and the rest of the line stays', (_name, template) => {
    const r = redactSecrets(template.replace('§', S));
    expect(r.text).not.toContain(S.slice(0, 12));
    expect(r.text).toContain('[REDACTED:');
    // What is not the secret stays readable.
    const kept = template.split('§')[0]!.slice(0, 8);
    expect(r.text.startsWith(kept)).toBe(true);
  });

  it.each([
    ['a zero-width space', '\u200b'],
    ['a BOM', '\ufeff'],
    ['a word joiner', '\u2060'],
    ['a soft hyphen', '\u00ad'],
    ['a zero-width joiner', '\u200d'],
  ])('GIVEN a token with %s inside THEN the whole token is redacted', (_name, ch) => {
    const token = secret('hf', 3);
    const r = redactSecrets(`RuntimeError: bad token ${token.slice(0, 3)}${ch}${token.slice(3)}`);
    expect(r.text).toBe('RuntimeError: bad token [REDACTED:huggingface-token]');
  });

  it.each([
    [
      'a terminal wrap',
      (t: string) => [
        `RuntimeError: auth failed for ${t.slice(0, 10)}`,
        `${t.slice(10)}: CUDA out of memory`,
      ],
    ],
    ['a shell continuation', (t: string) => [`export HF_TOKEN=${t.slice(0, 9)}\\`, `${t.slice(9)}`]],
    [
      'a quoted continuation',
      (t: string) => [`    token = ("${t.slice(0, 12)}"`, `             "${t.slice(12)}")`],
    ],
  ])('GIVEN a token cut by %s THEN redactLines redacts both parts, reading the neighbour', (_name, cut) => {
    const token = secret('hf', 4);
    const lines = cut(token);
    for (const shown of [0, 1]) {
      const [out] = redactLines(lines, shown, shown + 1);
      expect(out).not.toContain(
        lines[shown]!.includes(token.slice(0, 8)) ? token.slice(0, 8) : token.slice(-8),
      );
      expect(out).toContain('[REDACTED:');
    }
  });
});

describe('harmless look-alikes stay', () => {
  it.each([
    ['a 40-character path', '/mnt/DataSets/ImageNet2012/Shards/Train7 not found'],
    ['a GPU UUID', 'GPU 0: NVIDIA A100 (UUID: GPU-5b2c1a3e-8f7d-4c6b-9a1e-2d3f4a5b6c7d)'],
    ['a MIG UUID alone on its line', 'MIG-b07af3d3-3c2b-458f-beea-cb348efca5e3'],
    [
      'a run UUID and a timestamp',
      'run 3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f at 2024-05-01T12:00:00.123456Z pid 12345',
    ],
    ['ssh -p and docker -p ports', 'ssh -p 2222 gpu-7 && docker run -p 8080:80 -p 6006:6006 image'],
    ['a model id', 'OSError: meta-llama/Llama-2-7b-hf is not a local folder'],
    ['a placeholder in a snippet', 'export HF_TOKEN=hf_xxx   # or: huggingface-cli login'],
    ['a placeholder key', 'OPENAI_API_KEY=YOUR_API_KEY'],
  ])('GIVEN %s THEN the text is unchanged', (_name, text) => {
    expect(redactSecrets(text)).toEqual({ text, count: 0 });
  });

  it('GIVEN a look-alike on the line after a secret THEN only the secret goes', () => {
    const token = secret('hf', 5);
    const out = redactLines([`export HF_TOKEN=${token}`, 'GPU-5b2c1a3e-8f7d-4c6b-9a1e-2d3f4a5b6c7d'], 0, 2);
    expect(out).toEqual([
      'export HF_TOKEN=[REDACTED:huggingface-token]',
      'GPU-5b2c1a3e-8f7d-4c6b-9a1e-2d3f4a5b6c7d',
    ]);
  });
});

describe('redacting the same text again', () => {
  it('GIVEN a text redacted before (its result changed by the caller) THEN the same redaction comes back, and a new text gets its own', () => {
    const text = `export HF_TOKEN=hf_${'a1B2c3D4e5'.repeat(4)} && python train.py --epochs 3 # run ${Date.now()} ${'x '.repeat(150)}`;
    const first = redactSecrets(text);
    expect(first.count).toBe(1);
    expect(first.text).not.toContain('hf_a1B2');
    first.text = 'changed by a caller';
    const again = redactSecrets(text);
    expect(again.count).toBe(1);
    expect(again.text).not.toContain('hf_a1B2');
    expect(again.text).not.toBe('changed by a caller');
    const other = redactSecrets(`${text} --password=hunter2hunter2`);
    expect(other.count).toBe(2);
  });
});
