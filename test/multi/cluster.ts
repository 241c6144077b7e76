// Several real crashbot processes (`node dist/cli/main.js start`) on one database, for
// the several-instances test: free ports, the environment each one gets, readiness
// (the Slack HTTP port answers /healthz) and a clean stop (SIGTERM, which lets work in
// flight finish) with everything each wrote to stderr kept.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLI } from '../helpers/cli.js';

export interface Instance {
  index: number;
  port: number;
  /** The Slack Events API URL of this instance. */
  eventsUrl: string;
  log: string[];
  exit: Promise<number | null>;
  child: ChildProcess;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Polls `check` until it returns true; rejects with `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

export async function startInstances(n: number, env: Record<string, string>): Promise<Instance[]> {
  // An empty working folder: no .env of the developer's is read.
  const cwd = mkdtempSync(join(tmpdir(), 'crashbot-multi-'));
  const instances: Instance[] = [];
  for (let index = 0; index < n; index++) {
    const port = await freePort();
    const child = spawn(process.execPath, [CLI, 'start'], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    child.stdout?.on('data', (d: Buffer) => log.push(String(d)));
    child.stderr?.on('data', (d: Buffer) => log.push(String(d)));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    instances.push({ index, port, eventsUrl: `http://127.0.0.1:${port}/slack/events`, log, exit, child });
  }
  let exited: Instance | undefined;
  for (const i of instances) void i.exit.then(() => (exited ??= i));
  await until(
    async () => {
      if (exited) throw new Error(`instance ${exited.index} exited at start:\n${exited.log.join('')}`);
      const ok = await Promise.all(
        instances.map((i) =>
          fetch(`http://127.0.0.1:${i.port}/healthz`)
            .then((r) => r.ok)
            .catch(() => false),
        ),
      );
      return ok.every(Boolean);
    },
    60_000,
    'every instance to listen',
  );
  void Promise.all(instances.map((i) => i.exit)).finally(() => rmSync(cwd, { recursive: true, force: true }));
  return instances;
}

/** SIGTERM to each, then their exit codes (SIGKILL after `graceMs`). */
export async function stopInstances(instances: Instance[], graceMs = 20_000): Promise<(number | null)[]> {
  for (const i of instances) i.child.kill('SIGTERM');
  return Promise.all(
    instances.map(async (i) => {
      const timer = setTimeout(() => i.child.kill('SIGKILL'), graceMs);
      const code = await i.exit;
      clearTimeout(timer);
      return code;
    }),
  );
}
