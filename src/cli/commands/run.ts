// crashbot run [options] -- COMMAND [ARGS...]
// Runs a training command unchanged; when it fails, diagnoses the end of its output
// with the exit status as evidence and brings the answer to a channel. The command's
// exit status is always crashbot's: posting can fail, the job's status cannot change.
import { parseArgs } from 'node:util';
import { commandLabel, jobKey, rankOf, runIdOf } from '../../app/run/job.js';
import { DEFAULT_WINDOW, OutputWindow } from '../../app/run/window.js';
import { type Command, EXIT, usageError } from '../command.js';
import { runChild } from '../run/child.js';
import { outputFiles, READ_WHOLE_BYTES, readBack } from '../run/direct.js';

const USAGE = [
  'crashbot run [options] -- COMMAND [ARGS...]',
  '',
  'Runs COMMAND with its output, input and signals passed through, and exits with its status.',
  'When it fails, the end of its output is diagnosed and the answer printed on stderr and posted',
  'where the options (or the environment) say. A later failure of the same job updates that alert;',
  'a later green run marks it resolved.',
  '',
  '  --job NAME              name of the job (default: the command and folder, hashed)',
  '  --slack-channel ID      post to this Slack channel with SLACK_BOT_TOKEN (or CRASHBOT_SLACK_CHANNEL)',
  '  --slack-webhook URL     post to a Slack incoming webhook (or CRASHBOT_SLACK_WEBHOOK_URL)',
  '  --discord-webhook URL   post to a Discord channel webhook (or CRASHBOT_DISCORD_WEBHOOK_URL)',
  '  --mattermost-channel ID post to this Mattermost channel with MATTERMOST_URL and MATTERMOST_TOKEN',
  '                          (or CRASHBOT_MATTERMOST_CHANNEL)',
  '  --markdown FILE         append the report as Markdown to FILE (e.g. $GITHUB_STEP_SUMMARY)',
  '  --no-post               post nowhere, even where the environment says',
  '  --no-store              neither record the crash nor remember the alert',
  '  --quiet                 do not print the diagnosis on stderr',
  '  --timeout SECONDS       bound on posting once the command has ended (default 20)',
  '  --tail-bytes N          bytes of output kept from the end (default 1 MiB); --head-bytes N (64 KiB)',
  '',
  'In distributed jobs only rank 0 (RANK, SLURM_PROCID, OMPI_COMM_WORLD_RANK, PMI_RANK) posts.',
  'Webhook URLs are secrets: prefer the environment variables to flags, which other users can see in ps.',
].join('\n');

export const runCommand: Command = {
  name: 'run',
  usage: USAGE,
  async run(args, ctx) {
    const sep = args.indexOf('--');
    const own = sep >= 0 ? args.slice(0, sep) : args;
    const command = sep >= 0 ? args.slice(sep + 1) : [];
    let values: ReturnType<typeof parse>['values'];
    try {
      values = parse(own).values;
    } catch (err) {
      return usageError(ctx, this, (err as Error).message);
    }
    if (values.help) {
      ctx.out(`${this.usage}\n`);
      return EXIT.ok;
    }
    if (command.length === 0)
      return usageError(ctx, this, 'give the command after --, e.g. crashbot run -- python train.py');
    const numbers = numericOptions(values);
    if (!numbers.ok) return usageError(ctx, this, numbers.message);
    const host = ctx.host;
    if (!host) {
      ctx.err('crashbot run: needs a process to run in\n');
      return EXIT.failure;
    }

    const window = new OutputWindow({ ...DEFAULT_WINDOW, ...numbers.window });
    // Output to a file is the command's own; a terminal or a pipe passes through crashbot.
    const { direct, files } = host.fds ? outputFiles(host.fds) : { direct: new Set<never>(), files: [] };
    // stdout through a pipe instead of a terminal makes Python buffer whole blocks: ask it not to.
    const env = direct.has('stdout')
      ? { ...ctx.env }
      : { ...ctx.env, PYTHONUNBUFFERED: ctx.env.PYTHONUNBUFFERED ?? '1' };
    const result = await runChild(command, host, (stream, chunk) => window.push(stream, chunk), env, direct);
    if (result.spawnError) {
      ctx.err(`crashbot run: cannot start ${result.spawnError}\n`);
      return result.status;
    }
    const rank = rankOf(ctx.env);
    const job = jobKey(values.job, command, host.cwd);
    if (rank && rank.rank !== 0) return result.status;
    // What went to a file is read back only when there is a failure to diagnose.
    if (result.status !== 0)
      for (const file of files) {
        const problem = readBack(file, window, READ_WHOLE_BYTES);
        if (problem) ctx.err(`crashbot run: ${file.stream}: ${problem}; the diagnosis has the rest\n`);
      }
    // The classifier, the store and the platforms' clients load only once the command has ended.
    const { reportRun } = await import('../run/report.js');
    await reportRun(ctx, {
      command,
      label: commandLabel(command),
      job,
      runId: runIdOf(ctx.env),
      result,
      window,
      options: {
        slackChannel: values['slack-channel'],
        slackWebhook: values['slack-webhook'],
        discordWebhook: values['discord-webhook'],
        mattermostChannel: values['mattermost-channel'],
        markdown: values.markdown,
        post: !values['no-post'],
        store: !values['no-store'],
        quiet: values.quiet ?? false,
        timeoutMs: numbers.timeoutMs,
      },
    });
    return result.status;
  },
};

function parse(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: false,
    strict: true,
    options: {
      job: { type: 'string' },
      'slack-channel': { type: 'string' },
      'slack-webhook': { type: 'string' },
      'discord-webhook': { type: 'string' },
      'mattermost-channel': { type: 'string' },
      markdown: { type: 'string' },
      'no-post': { type: 'boolean' },
      'no-store': { type: 'boolean' },
      quiet: { type: 'boolean', short: 'q' },
      timeout: { type: 'string' },
      'tail-bytes': { type: 'string' },
      'head-bytes': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function numericOptions(v: {
  timeout?: string;
  'tail-bytes'?: string;
  'head-bytes'?: string;
}):
  | { ok: true; timeoutMs: number; window: { tailBytes?: number; headBytes?: number } }
  | { ok: false; message: string } {
  const num = (name: string, s: string | undefined, max: number) => {
    if (s === undefined) return undefined;
    const n = Number(s);
    return Number.isFinite(n) && n >= 0 && n <= max ? n : `--${name} takes a number from 0 to ${max}`;
  };
  const timeout = num('timeout', v.timeout, 3600);
  const tail = num('tail-bytes', v['tail-bytes'], 64 * 1024 * 1024);
  const head = num('head-bytes', v['head-bytes'], 16 * 1024 * 1024);
  for (const x of [timeout, tail, head]) if (typeof x === 'string') return { ok: false, message: x };
  return {
    ok: true,
    timeoutMs: ((timeout as number | undefined) ?? 20) * 1000,
    window: {
      ...(tail !== undefined && { tailBytes: Math.floor(tail as number) }),
      ...(head !== undefined && { headBytes: Math.floor(head as number) }),
    },
  };
}
