// `crashbot start` (the built dist/) as a child process for the benchmarks: started in
// Slack HTTP mode against a fake Slack with the node options `npm start` gives it, and
// read from /proc for its memory and CPU time (Linux).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** BENCH_CLI runs another build (an older checkout's dist/cli/main.js) for a before/after figure. */
export const CLI = process.env.BENCH_CLI ?? join(here, '..', 'dist', 'cli', 'main.js');

/** The node options in package.json's start script (`node --x=1 dist/cli/main.js start` -> ['--x=1']). */
export function npmStartNodeArgs() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const words = String(pkg.scripts?.start ?? '').split(/\s+/);
  return words[0] === 'node' ? words.slice(1).filter((w) => w.startsWith('--')) : [];
}

/**
 * Starts the bot in `dir` with `env` (PATH is added); resolves `started` with the Slack
 * events URL and, when CRASHBOT_METRICS_PORT is set, the metrics URL, once both ports
 * answer. A port given as 0 is replaced by a free one chosen here: the bot's own line
 * saying where it listens is an info line, which a LOG_LEVEL of warn or error hides.
 */
export function startBot({ dir, env, nodeArgs = npmStartNodeArgs(), stdout = 'ignore' }) {
  let child = null;
  let log = '';
  let exited = null;
  let ended;
  const exit = new Promise((resolve) => {
    ended = resolve;
  });
  const started = (async () => {
    const vars = { ...env };
    if (vars.PORT === '0') vars.PORT = String(await freePort());
    if (vars.CRASHBOT_METRICS_PORT === '0') vars.CRASHBOT_METRICS_PORT = String(await freePort());
    child = spawn(process.execPath, [...nodeArgs, CLI, 'start'], {
      cwd: dir,
      stdio: ['ignore', stdout, 'pipe'],
      env: { PATH: process.env.PATH, ...vars },
    });
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      ended(exited);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      log += chunk;
    });
    const port = Number(vars.PORT);
    const metricsUrl = vars.CRASHBOT_METRICS_PORT
      ? `http://127.0.0.1:${vars.CRASHBOT_METRICS_PORT}`
      : undefined;
    const until = Date.now() + 30_000;
    for (;;) {
      if (exited)
        throw new Error(`crashbot exited (${exited.code ?? exited.signal}) before it was up:\n${log}`);
      const up =
        (await answers(`http://127.0.0.1:${port}/`)) &&
        (!metricsUrl || (await answers(`${metricsUrl}/metrics`)));
      if (up) return { port, eventsUrl: `http://127.0.0.1:${port}/slack/events`, metricsUrl };
      if (Date.now() > until) throw new Error(`crashbot did not answer on port ${port} within 30 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  started.catch(() => {});
  return {
    get pid() {
      return child?.pid;
    },
    started,
    log: () => log,
    /** The exit status once it ended by itself, or null while it runs. */
    exited: () => exited,
    async stop() {
      if (!child) await started.catch(() => {});
      if (!child || exited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exit;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Whether anything answers HTTP there (any status). */
async function answers(url) {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await r.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** A TCP port free on 127.0.0.1 just now. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat. */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Peak and current resident memory of a process, in kB (Linux /proc). */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { hwmKb: kb('VmHWM'), rssKb: kb('VmRSS') };
  } catch {
    return { hwmKb: Number.NaN, rssKb: Number.NaN };
  }
}
