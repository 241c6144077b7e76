// The planted-secret corpus against the redactor alone: every planted secret goes, the
// crash lines stay, and what only looks like a secret (hashes, CUDA addresses, versions,
// ids) is left as it is.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/core/redact/index.js';
import { makeSecret, plantedLogs } from '../fixtures/secrets/planted.js';
import { corpusCounts } from './leaks.js';

const secret = (kind: string, n = 1) => makeSecret(kind, n).value;

describe('the planted-secret corpus', () => {
  const logs = plantedLogs();

  it('GIVEN the corpus THEN it plants at least 50 distinct secrets of at least 30 kinds in at least 50 logs', () => {
    const counts = corpusCounts(logs);
    expect(counts.logs).toBeGreaterThanOrEqual(50);
    expect(counts.placeholders).toBeGreaterThanOrEqual(50);
    expect(counts.kinds).toBeGreaterThanOrEqual(30);
    // Each placeholder gets a value of its own.
    expect(counts.distinctSecrets).toBe(counts.secrets);
  });

  it.each(logs.map((l) => [l.name, l] as const))(
    'GIVEN planted log %s THEN redaction leaves none of its secrets and keeps its last (crash) line',
    (_name, log) => {
      const r = redactSecrets(log.text);
      expect(log.secrets.filter((s) => r.text.includes(s))).toEqual([]);
      const lastLine = log.text.trimEnd().split('\n').at(-1) ?? '';
      expect(r.text).toContain(lastLine);
    },
  );

  it.each(logs.map((l) => [l.name, l] as const))(
    'GIVEN planted log %s quoted inside a JSON string (escaped newlines and quotes) THEN none of its secrets survives',
    (_name, log) => {
      const quoted = JSON.stringify({ error: `cannot handle ${log.text}`, repr: [log.text] });
      const r = redactSecrets(quoted);
      expect(log.secrets.filter((s) => r.text.includes(s))).toEqual([]);
      expect(redactSecrets(r.text)).toEqual({ text: r.text, count: 0 });
    },
  );
});

describe('kinds of secret added with the corpus', () => {
  it.each([
    [
      'an Azure SAS signature',
      'https://a.blob.core.windows.net/c/x.pt?sv=2022-11-02&sig=§',
      'azure-sig',
      'url-param',
    ],
    ['a Jupyter token', 'http://127.0.0.1:8888/lab?token=§', 'token', 'url-param'],
    ['a wandb login key', 'wandb login §', 'hex40', 'wandb-key'],
    ['a .netrc password', '  password §', 'hex40', 'password'],
    ['a docker login -p', 'docker login -u bot -p § registry.example.com', 'password', 'password'],
    ['an sshpass -p', "sshpass -p '§' ssh gpu-7", 'password', 'password'],
    ['a --db-password flag', 'python x.py --db-password § --epochs 3', 'password', 'password'],
    ['an --api-key= flag', 'python x.py --api-key=§', 'token', 'secret'],
    ['a Stripe live key', 'charging with §', 'stripe', 'stripe-key'],
    ['an npm token', '//registry.npmjs.org/:_authToken=§', 'npm', 'npm-token'],
    ['a PyPI token', 'using §', 'pypi', 'pypi-token'],
    ['a GitLab token', 'token §', 'gitlab', 'gitlab-token'],
    ['a Databricks token', 'using token §', 'databricks', 'databricks-token'],
    ['a Google OAuth access token', 'access_token § expired', 'google-access', 'google-oauth'],
    ['a Google OAuth client secret', 'secret §', 'google-oauth-secret', 'google-oauth'],
    ['a kubeconfig client key', '    client-key-data: §', 'azure-key', 'secret'],
    ['a docker config auth', '{"auths": {"r": {"auth": "§"}}}', 'basic', 'secret'],
    ['a wandb key in a repr', "Namespace(wandb_key='§', seed=42)", 'hex40', 'secret'],
    [
      'an Azure account key',
      'AccountName=x;AccountKey=§;EndpointSuffix=core.windows.net',
      'azure-key',
      'secret',
    ],
  ])('GIVEN %s THEN it is replaced by a marker of its kind', (_name, template, secretKind, kind) => {
    const value = secret(secretKind);
    const r = redactSecrets(template.replace('§', value));
    expect(r.text).not.toContain(value);
    expect(r.text).toContain(`[REDACTED:${kind}]`);
  });

  it('GIVEN a service-account private key on one line with escaped newlines THEN no body line survives', () => {
    const key = makeSecret('pkcs8-json', 2);
    const r = redactSecrets(`{"private_key": "${key.value}", "client_email": "a@b.iam.gserviceaccount.com"}`);
    for (const line of key.sensitive) expect(r.text).not.toContain(line);
    // The client e-mail names an account: it goes too, as personal data.
    expect(r.text).toContain('"client_email": "[REDACTED:email]"');
  });
});

describe('text that only looks like a secret', () => {
  it.each([
    ['a sha256 digest', 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
    [
      'a pip hash flag',
      'torch==2.1.0 --hash=sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    ],
    ['a git checkout of a commit', 'git checkout 4b825dc642cb6eb9a060e54bf8d69288fbee4904'],
    ['a cache key hash', 'cache_key=3f1c2a9b8e7d6c5b4a39281706f5e4d3 hit'],
    [
      'a docker image digest',
      'pulling nvcr.io/nvidia/pytorch@sha256:0d3f4b5c6a7e8f9012345678abcdef0123456789abcdef0123456789abcdef01',
    ],
    ['CUDA addresses', 'illegal address 0x7f3a2c000000 at pc 0x00007ffb1c2d3e4f (cudaMalloc returned 0x0)'],
    ['framework versions', 'torch 2.1.0+cu118 cuDNN 8.9.2.26 Driver Version: 535.104.05 CUDA Version: 12.2'],
    ['a libstdc++ symbol version', "version `GLIBCXX_3.4.30' not found"],
    ['a GPU UUID', 'GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-5b2c1a3e-8f7d-4c6b-9a1e-2d3f4a5b6c7d)'],
    ['a PCI bus id', 'Bus-Id 00000000:3B:00.0 Off'],
    ['a tensor shape', 'torch.Size([64, 3, 224, 224]) and shape[64,256,128,128]'],
    ['docker run port flags', 'docker run --gpus all -p 8888:8888 -v /data:/data image'],
    ['a password-stdin flag', 'echo "$PW" | docker login --password-stdin registry.example.com'],
    ['a token file flag', 'python serve.py --token-file /var/run/secrets/token --key model.layers.0.weight'],
    ['a state dict key', 'Missing key(s) in state_dict: "encoder.layer.11.attention.self.key.weight"'],
    ['prose about passwords', '  password required'],
    ['Slack and Discord ids', 'channel C024BE91L user U024BE7LH guild 123456789012345678'],
    ['a Windows exit code', 'Process finished with exit code -1073740791 (0xC0000409)'],
    ['a url with a query', 'https://github.com/pytorch/pytorch/issues/12345?tab=readme&page=2'],
    [
      'empty and placeholder values',
      'api_key=None token=<redacted> --password $PASSWORD WANDB_API_KEY=$KEY PASSWORD=',
    ],
    ['a Windows path with \\n and \\t in it', 'C:\\new\\tmp\\run\\"x" and \\r\\n in a repr'],
    ['a Python memory address', '<urllib3.connection.HTTPSConnection object at 0x7f3a2c1d5e50>'],
  ])('GIVEN %s THEN the text is unchanged', (_name, text) => {
    expect(redactSecrets(text)).toEqual({ text, count: 0 });
  });
});
