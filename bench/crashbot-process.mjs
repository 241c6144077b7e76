// `crashbot start` (the built dist/) as a child process for the benchmarks: started in
// Slack HTTP mode against a fake Slack with the node options `npm start` gives it, and
// read from /proc for its memory and CPU time (Linux).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
 * events URL and, when CRASHBOT_METRICS_PORT is set, the metrics URL, once it logs them.
 */
export function startBot({ dir, env, nodeArgs = npmStartNodeArgs(), stdout = 'ignore' }) {
  const child = spawn(process.execPath, [...nodeArgs, CLI, 'start'], {
    cwd: dir,
    stdio: ['ignore', stdout, 'pipe'],
    env: { PATH: process.env.PATH, ...env },
  });
  let log = '';
  let exited = null;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );
  const wantMetrics = env.CRASHBOT_METRICS_PORT !== undefined;
  const started = new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      log += chunk;
      const slack = /listening on port (\d+)/.exec(log);
      const metrics = /health and metrics on (\S+)\/metrics/.exec(log);
      if (slack && (metrics || !wantMetrics))
        resolve({
          port: Number(slack[1]),
          eventsUrl: `http://127.0.0.1:${slack[1]}/slack/events`,
          metricsUrl: metrics?.[1],
        });
    });
    void exit.then(({ code, signal }) =>
      reject(new Error(`crashbot exited (${code ?? signal}) before it was up:\n${log}`)),
    );
  });
  started.catch(() => {});
  return {
    pid: child.pid,
    started,
    log: () => log,
    /** The exit status once it ended by itself, or null while it runs. */
    exited: () => exited,
    async stop() {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exit;
      clearTimeout(timer);
      return result;
    },
  };
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
