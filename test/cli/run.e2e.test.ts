// `crashbot run` with real child processes: what the command prints, reads and exits
// with passes through exactly; a failure is diagnosed and posted to the local fake Slack,
// Discord and Mattermost, updated on the next failure and resolved by a green run;
// posting never changes the job's status.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../adapters/discord/fake/index.mjs';
import { type FakeMattermost, startFakeMattermost } from '../adapters/mattermost/fake/index.mjs';
import { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { CLI } from '../helpers/cli.js';

interface Ran {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crashbot-run-'));
});

/** The environment of a run: nothing of the developer's own (no tokens, no store) leaks in. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: dir, CRASHBOT_DB_PATH: join(dir, 'none.sqlite'), ...extra };
}

function start(
  args: string[],
  o: { env?: NodeJS.ProcessEnv; input?: string } = {},
): {
  child: ChildProcess;
  done: Promise<Ran>;
} {
  const child = spawn(process.execPath, [CLI, 'run', ...args], {
    env: o.env ?? env(),
    cwd: dir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  let err = '';
  child.stdout!.on('data', (c: Buffer) => out.push(c));
  child.stderr!.on('data', (c: Buffer) => {
    err += c.toString('utf8');
  });
  if (o.input !== undefined) child.stdin!.end(o.input);
  const done = new Promise<Ran>((resolve) => {
    child.on('close', (status, signal) =>
      resolve({ status, signal, stdout: Buffer.concat(out), stderr: err }),
    );
  });
  return { child, done };
}

const run = (args: string[], o: { env?: NodeJS.ProcessEnv; input?: string } = {}) =>
  start(args, { input: '', ...o }).done;

/** `node -e SCRIPT` as the command under crashbot run. */
const node = (script: string) => ['--', process.execPath, '-e', script];

const waitForText = (child: ChildProcess, text: string) =>
  new Promise<string>((resolve) => {
    let seen = '';
    child.stdout!.on('data', (c: Buffer) => {
      seen += c.toString('utf8');
      if (seen.includes(text)) resolve(seen);
    });
  });

const OOM =
  'Traceback (most recent call last):\\n  File \\"train.py\\", line 9\\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.2 GiB is free.\\n';

describe('crashbot run: the command is unchanged', () => {
  it.each([
    ['exit 0', 0, 'process.exit(0)'],
    ['exit 1', 1, 'process.exit(1)'],
    ['exit 3', 3, 'process.exit(3)'],
    ['SIGKILL', 137, "process.kill(process.pid, 'SIGKILL')"],
    ['SIGSEGV', 139, "process.kill(process.pid, 'SIGSEGV')"],
    ['SIGABRT', 134, "process.kill(process.pid, 'SIGABRT')"],
  ])('GIVEN a child that ends with %s THEN crashbot run exits %i', async (_name, status, script) => {
    const r = await run(['--quiet', ...node(script)]);
    expect(r.status).toBe(status);
  });

  it('GIVEN a child killed by SIGKILL THEN the diagnosis on stderr names the OOM killer from the status alone', async () => {
    const r = await run(node("console.log('Epoch 3/10'); process.kill(process.pid, 'SIGKILL')"));
    expect(r.status).toBe(137);
    expect(r.stdout.toString()).toBe('Epoch 3/10\n');
    expect(r.stderr).toMatch(/killed by SIGKILL \(exit status 137\)/);
    expect(r.stderr).toMatch(/Likely cause: Host RAM exhausted/);
  });

  it('GIVEN a command that does not exist THEN it says so and exits 127, as a shell would', async () => {
    const r = await run(['--', 'no-such-command-here']);
    expect(r.status).toBe(127);
    expect(r.stderr.trim()).toBe('crashbot run: cannot start no-such-command-here: command not found');
  });

  it('GIVEN no command THEN a usage error, exit 2', async () => {
    const r = await run(['--quiet']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/give the command after --/);
  });

  it('GIVEN 50 MB of output with \\r progress bars and invalid UTF-8 THEN stdout is passed through byte for byte', async () => {
    const file = join(dir, 'big.out');
    const fd = openSync(file, 'w');
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let mb = 0; mb < 50; mb++) {
      const parts: Buffer[] = [];
      let size = 0;
      while (size < 1 << 20) {
        const n = rand() % 100;
        const line =
          n < 70
            ? Buffer.from(`\r${n}%|${'#'.repeat(n % 40)}| ${rand()}/1000 [00:0${n % 10}<00:12, 3.${n}it/s]`)
            : n < 95
              ? Buffer.from(`step ${rand()} loss=${(rand() % 1000) / 1000}\n`)
              : Buffer.from([0xff, 0xfe, 0x80, 0x0a]);
        parts.push(line);
        size += line.length;
      }
      writeSync(fd, Buffer.concat(parts));
    }
    closeSync(fd);
    const expected = createHash('sha256').update(readFileSync(file)).digest('hex');
    const r = await run([
      '--quiet',
      ...node(`require('fs').createReadStream(${JSON.stringify(file)}).pipe(process.stdout)`),
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout.length).toBe(readFileSync(file).length);
    expect(createHash('sha256').update(r.stdout).digest('hex')).toBe(expected);
  });

  it('GIVEN input on stdin THEN the child reads it', async () => {
    const r = await run(
      node("let s='';process.stdin.on('data',c=>s+=c).on('end',()=>console.log(s.toUpperCase()))"),
      { input: 'hello from stdin' },
    );
    expect(r.stdout.toString()).toBe('HELLO FROM STDIN\n');
  });

  it('GIVEN SIGTERM sent to crashbot THEN the child gets it and its own exit status comes back', async () => {
    const { child, done } = start(
      node(
        "process.on('SIGTERM',()=>{console.log('child got SIGTERM');process.exit(42)});console.log('ready');setInterval(()=>{},1000)",
      ),
    );
    await waitForText(child, 'ready');
    child.kill('SIGTERM');
    const r = await done;
    expect(r.status).toBe(42);
    expect(r.stdout.toString()).toContain('child got SIGTERM');
  });

  it('GIVEN a child that ignores SIGTERM THEN crashbot waits for it and exits with how it really ended', async () => {
    const { child, done } = start(
      node(
        "process.on('SIGTERM',()=>console.log('ignored'));console.log('pid '+process.pid);setInterval(()=>{},1000)",
      ),
    );
    const seen = await waitForText(child, 'pid ');
    const pid = Number(/pid (\d+)/.exec(seen)![1]);
    const ignored = waitForText(child, 'ignored');
    child.kill('SIGTERM');
    await ignored;
    await new Promise((r) => setTimeout(r, 300));
    expect(child.exitCode).toBeNull();
    process.kill(pid, 'SIGKILL');
    const r = await done;
    expect(r.status).toBe(137);
  });
});

/** crashbot run with its stdout (and stderr) a file, as in `crashbot run -- CMD > log 2>&1`. */
function toFile(args: string[], o: { stderrToo: boolean; append?: string }) {
  const file = join(dir, `to-file-${Math.random().toString(36).slice(2)}.log`);
  if (o.append !== undefined) writeFileSync(file, o.append);
  const fd = openSync(file, o.append !== undefined ? 'a' : 'w');
  const r = spawnSync(process.execPath, [CLI, 'run', ...args], {
    env: env(),
    cwd: dir,
    stdio: ['ignore', fd, o.stderrToo ? fd : 'pipe'],
  });
  closeSync(fd);
  return { status: r.status, file, stderr: r.stderr?.toString('utf8') ?? '' };
}

describe("crashbot run: output to a file is the command's own", () => {
  it('GIVEN > log 2>&1 THEN the command writes the log itself, in order, and the crash in it is diagnosed with its line number', () => {
    const md = join(dir, 'to-file.md');
    const r = toFile(
      [
        '--markdown',
        md,
        ...node(
          `for (let i = 1; i <= 3000; i++) { console.log('step ' + i + ' loss=0.1'); if (i % 1000 === 0) console.error('warning at ' + i); } process.stderr.write("${OOM}"); process.exit(1)`,
        ),
      ],
      { stderrToo: true },
    );
    expect(r.status).toBe(1);
    const lines = readFileSync(r.file, 'utf8').split('\n');
    // Lines 1-3006 are the command's own, stdout and stderr in the order written.
    expect(lines[0]).toBe('step 1 loss=0.1');
    expect(lines[1000]).toBe('warning at 1000');
    expect(lines[3003]).toBe('Traceback (most recent call last):');
    const oomLine = lines.findIndex((l) => l.startsWith('torch.OutOfMemoryError')) + 1;
    expect(oomLine).toBe(3006);
    // crashbot's own report comes after them, on the same file.
    expect(lines.slice(oomLine).join('\n')).toMatch(/out of memory/i);
    const report = readFileSync(md, 'utf8');
    expect(report).toMatch(/gpu-oom|out of memory/i);
    expect(report).toContain(String(oomLine));
  });

  it('GIVEN >> an existing log THEN only what this command wrote is read, and the earlier content stays', () => {
    const md = join(dir, 'appended.md');
    const earlier = 'torch.OutOfMemoryError: CUDA out of memory. (an earlier run)\n'.repeat(3);
    const r = toFile(['--quiet', '--markdown', md, ...node("console.log('all good');process.exit(4)")], {
      stderrToo: true,
      append: earlier,
    });
    expect(r.status).toBe(4);
    expect(readFileSync(r.file, 'utf8')).toBe(`${earlier}all good\n`);
    expect(readFileSync(md, 'utf8')).not.toMatch(/out of memory/i);
  });

  it("GIVEN stdout to a file and stderr a pipe THEN stdout is the file's, stderr passes through, and both are read", () => {
    const md = join(dir, 'split.md');
    const r = toFile(
      [
        '--quiet',
        '--markdown',
        md,
        ...node(`console.log('to the file'); process.stderr.write("${OOM}"); process.exit(1)`),
      ],
      { stderrToo: false },
    );
    expect(r.status).toBe(1);
    expect(readFileSync(r.file, 'utf8')).toBe('to the file\n');
    expect(r.stderr).toContain('torch.OutOfMemoryError');
    expect(readFileSync(md, 'utf8')).toMatch(/out of memory/i);
  });
});

describe('crashbot run: alerts on Slack', () => {
  let slack: FakeSlack;
  beforeAll(async () => {
    slack = await FakeSlack.start();
  });
  afterAll(() => slack.stop());

  const slackEnv = (db: string, extra: Record<string, string> = {}) =>
    env({
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_API_URL: slack.apiUrl,
      CRASHBOT_DB_PATH: join(dir, db),
      ...extra,
    });

  it('GIVEN a job that fails twice and then runs green THEN one alert is posted, updated, then marked resolved', async () => {
    const e = slackEnv('slack-alerts.sqlite');
    const channel = 'C0ALERTS';
    const fail = [
      '--quiet',
      '--job',
      'nightly',
      '--slack-channel',
      channel,
      ...node(`process.stderr.write("${OOM}");process.exit(1)`),
    ];
    const first = await run(fail, { env: e });
    expect(first.status).toBe(1);
    // The command's own stderr passes through; crashbot adds nothing with --quiet when posting works.
    expect(first.stderr).not.toContain('crashbot run');
    const posted = slack.messagesIn(channel);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text).toMatch(/Run failed: GPU out of memory/);
    expect(JSON.stringify(posted[0]!.blocks)).toContain('nightly');

    const second = await run(fail, { env: e });
    expect(second.status).toBe(1);
    expect(slack.messagesIn(channel)).toHaveLength(1);
    expect(slack.messagesIn(channel)[0]!.edited).toBe(true);
    expect(JSON.stringify(slack.messagesIn(channel)[0]!.blocks)).toMatch(/2 in a row since/);

    const green = await run(
      ['--quiet', '--job', 'nightly', '--slack-channel', channel, ...node('process.exit(0)')],
      {
        env: e,
      },
    );
    expect(green.status).toBe(0);
    expect(slack.messagesIn(channel)).toHaveLength(1);
    expect(slack.messagesIn(channel)[0]!.text).toMatch(/^Resolved: job nightly ran green/);
    // A second green run has nothing left to resolve.
    const calls = slack.callsTo('chat.update').length;
    await run(['--quiet', '--job', 'nightly', '--slack-channel', channel, ...node('process.exit(0)')], {
      env: e,
    });
    expect(slack.callsTo('chat.update')).toHaveLength(calls);
  });

  it('GIVEN RANK=1 THEN that process passes its output through and posts nothing', async () => {
    const before = slack.calls.length;
    const r = await run(
      ['--slack-channel', 'C0RANKS', ...node("console.log('rank 1 says hi');process.exit(1)")],
      {
        env: slackEnv('ranks.sqlite', { RANK: '1' }),
      },
    );
    expect(r.status).toBe(1);
    expect(r.stdout.toString()).toBe('rank 1 says hi\n');
    expect(r.stderr).toBe('');
    expect(slack.calls.length).toBe(before);
  });

  it('GIVEN two processes of one launch (same run id) that both fail THEN one alert is posted', async () => {
    const e = slackEnv('launch.sqlite', { TORCHELASTIC_RUN_ID: 'launch-42' });
    const args = [
      '--quiet',
      '--job',
      'ddp',
      '--slack-channel',
      'C0LAUNCH',
      ...node(`process.stderr.write("${OOM}");process.exit(1)`),
    ];
    const [a, b] = await Promise.all([run(args, { env: e }), run(args, { env: e })]);
    expect([a.status, b.status]).toEqual([1, 1]);
    expect(slack.messagesIn('C0LAUNCH')).toHaveLength(1);
  });

  it('GIVEN a bad token THEN one line on stderr and the job keeps its status', async () => {
    const r = await run(['--quiet', '--slack-channel', 'C0BAD', ...node('process.exit(3)')], {
      env: slackEnv('bad.sqlite', { SLACK_BOT_TOKEN: 'xoxb-not-the-right-token' }),
    });
    expect(r.status).toBe(3);
    expect(r.stderr.trim().split('\n')).toEqual([
      'crashbot run: cannot post to Slack channel C0BAD: Slack answered invalid_auth',
    ]);
    expect(r.stderr).not.toContain('xoxb-not-the-right-token');
  });

  it('GIVEN an unreachable Slack THEN one line on stderr, within the timeout, and the job keeps its status', async () => {
    const r = await run(
      ['--quiet', '--timeout', '5', '--slack-channel', 'C0DOWN', ...node('process.exit(5)')],
      {
        env: slackEnv('down.sqlite', { SLACK_API_URL: 'http://127.0.0.1:9/api/' }),
      },
    );
    expect(r.status).toBe(5);
    expect(r.stderr).toMatch(/^crashbot run: (cannot post to Slack channel C0DOWN|posting took too long)/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('GIVEN an incoming webhook THEN each failure is a post (webhooks cannot edit) and a green run posts the resolution', async () => {
    const url = slack.incomingWebhook();
    const e = slackEnv('hook.sqlite', { CRASHBOT_SLACK_WEBHOOK_URL: url });
    const fail = ['--quiet', '--job', 'hooked', ...node(`process.stderr.write("${OOM}");process.exit(1)`)];
    const runs = [
      await run(fail, { env: e }),
      await run(fail, { env: e }),
      await run(['--quiet', '--job', 'hooked', ...node('process.exit(0)')], { env: e }),
    ];
    const posts = slack.webhookPosts.filter((p) => url.endsWith(p.path));
    // On a failure, what each run said (crashbot's own complaints go to stderr) tells why.
    const said = runs.map((r) => `status ${r.status}: ${r.stderr.slice(-400)}`).join('\n');
    expect(
      posts.map((p) => p.body.text.split(':')[0]),
      said,
    ).toEqual(['Run failed', 'Run failed', 'Resolved']);
  });

  it('GIVEN a secret in the output THEN the alert and stderr do not carry it', async () => {
    const token = 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const r = await run(
      [
        '--job',
        'leaky',
        '--slack-channel',
        'C0LEAK',
        ...node(`console.error("HF_TOKEN=${token}");process.stderr.write("${OOM}");process.exit(1)`),
      ],
      { env: slackEnv('leak.sqlite') },
    );
    expect(r.status).toBe(1);
    // The command's own output passes through as it is; crashbot's words never repeat it.
    const ours = r.stderr.slice(r.stderr.indexOf('── crashbot run'));
    expect(ours).not.toContain(token.slice(3, 15));
    expect(JSON.stringify(slack.messagesIn('C0LEAK'))).not.toContain(token.slice(3, 15));
  });
});

describe('crashbot run: alerts on Discord', () => {
  let discord: FakeDiscord;
  beforeAll(async () => {
    discord = await startFakeDiscord();
  });
  afterAll(() => discord.close());

  it('GIVEN a channel webhook THEN the alert is posted, edited on the next failure, resolved by a green run, and counted in the channel', async () => {
    const hook = discord.createWebhook();
    const db = join(dir, 'discord.sqlite');
    const e = env({ CRASHBOT_DISCORD_WEBHOOK_URL: hook.url, CRASHBOT_DB_PATH: db });
    const fail = ['--quiet', '--job', 'train-vit', ...node(`process.stderr.write("${OOM}");process.exit(1)`)];
    expect((await run(fail, { env: e })).status).toBe(1);
    const mine = () => discord.allMessages().filter((m) => m.webhook_id === hook.id);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.embeds[0].title).toMatch(/Run failed: GPU out of memory/);
    expect((await run(fail, { env: e })).status).toBe(1);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.edited_timestamp).not.toBeNull();
    expect(JSON.stringify(mine()[0]!.embeds)).toMatch(/2 in a row/);
    expect(
      (await run(['--quiet', '--job', 'train-vit', ...node('process.exit(0)')], { env: e })).status,
    ).toBe(0);
    expect(mine()[0]!.embeds[0].title).toMatch(/^Resolved/);
    // Both failures count in the webhook's channel, like any other crash there.
    const week = new Date();
    const s = spawnSummary(db, hook.channel_id, week);
    expect(s.crashes).toBe(2);
  });

  it('GIVEN a webhook that answers 500 THEN one line on stderr and the job keeps its status', async () => {
    const hook = discord.createWebhook();
    discord.rest.fail(
      { method: 'GET', path: `/webhooks/${hook.id}/${hook.token}` },
      { status: 500 },
      { status: 500 },
      { status: 500 },
    );
    const r = await run([
      '--quiet',
      '--timeout',
      '10',
      '--discord-webhook',
      hook.url,
      ...node('process.exit(9)'),
    ]);
    expect(r.status).toBe(9);
    expect(r.stderr).toMatch(/^crashbot run: cannot post to the Discord webhook/);
    expect(r.stderr).not.toContain(hook.token);
  });
});

describe('crashbot run: alerts on Mattermost', () => {
  let mm: FakeMattermost;
  beforeAll(async () => {
    mm = await startFakeMattermost();
  });
  afterAll(() => mm.close());
  const mmEnv = (db: string, extra: Record<string, string> = {}) =>
    env({ MATTERMOST_URL: mm.url, MATTERMOST_TOKEN: mm.botToken, CRASHBOT_DB_PATH: join(dir, db), ...extra });

  it('GIVEN --mattermost-channel THEN the alert is posted as the bot, edited in place on the next failure, resolved by a green run, and counted in the channel', async () => {
    const channel = mm.world.town.id;
    const e = mmEnv('mattermost.sqlite');
    const fail = ['--quiet', '--job', 'train-llm', '--mattermost-channel', channel];
    const failing = [...fail, ...node(`process.stderr.write("${OOM}");process.exit(1)`)];
    expect((await run(failing, { env: e })).status).toBe(1);
    const mine = () => mm.botPosts(channel).filter((p) => p.root_id === '');
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.message).toMatch(/^### Run failed: GPU out of memory/);
    expect((await run(failing, { env: e })).status).toBe(1);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.edit_at).toBeGreaterThan(0);
    expect(mine()[0]!.message).toMatch(/2 in a row since/);
    expect((await run([...fail, ...node('process.exit(0)')], { env: e })).status).toBe(0);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.message).toMatch(/^### Resolved: job train-llm ran green/);
    expect(spawnSummary(join(dir, 'mattermost.sqlite'), channel, new Date()).crashes).toBe(2);
  });

  it('GIVEN the channel in CRASHBOT_MATTERMOST_CHANNEL and the token in MATTERMOST_TOKEN_FILE THEN it posts there', async () => {
    const tokenFile = join(dir, 'mm-token');
    writeFileSync(tokenFile, `${mm.botToken}\n`);
    const e = env({
      MATTERMOST_URL: mm.url,
      MATTERMOST_TOKEN_FILE: tokenFile,
      CRASHBOT_MATTERMOST_CHANNEL: mm.world.priv.id,
      CRASHBOT_DB_PATH: join(dir, 'mm-env.sqlite'),
    });
    expect((await run(['--quiet', ...node('process.exit(4)')], { env: e })).status).toBe(4);
    expect(mm.botPosts(mm.world.priv.id)).toHaveLength(1);
  });

  it('GIVEN a token Mattermost refuses THEN one line on stderr naming it, and the job keeps its status', async () => {
    const r = await run(['--quiet', '--mattermost-channel', mm.world.town.id, ...node('process.exit(3)')], {
      env: mmEnv('mm-bad.sqlite', { MATTERMOST_TOKEN: 'not-the-token' }),
    });
    expect(r.status).toBe(3);
    expect(r.stderr.trim()).toBe(
      `crashbot run: cannot post to Mattermost channel ${mm.world.town.id}: Mattermost refused MATTERMOST_TOKEN`,
    );
  });

  it('GIVEN --mattermost-channel without MATTERMOST_URL THEN it says what to set', async () => {
    const r = await run(['--quiet', '--mattermost-channel', 'abc', ...node('process.exit(2)')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/set MATTERMOST_URL and MATTERMOST_TOKEN/);
  });
});

function spawnSummary(db: string, channel: string, at: Date): { crashes: number } {
  const week = isoWeek(at);
  const r = spawnSync(
    process.execPath,
    [CLI, 'summary', '--channel', channel, '--week', week, '--format', 'json'],
    {
      env: { PATH: process.env.PATH, CRASHBOT_DB_PATH: db },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const year = t.getUTCFullYear();
  const week = Math.ceil(((t.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}
