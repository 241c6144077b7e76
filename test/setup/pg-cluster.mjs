// A throwaway PostgreSQL server for the store tests and the store benchmark: a fresh
// cluster in a temp dir, listening on 127.0.0.1 on a free port, socket in the temp
// dir. initdb and postgres refuse to run as root, so as root they run as `postgres`.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The newest /usr/lib/postgresql/N/bin holding initdb, or PG_BIN, or null. */
export function findPostgresBin() {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * `durable: true` keeps synchronous_commit on, so a commit the client saw survives the
 * server being killed (the durability tests stop and start it mid-load with `halt`/`resume`).
 */
export async function startThrowawayPostgres({ durable = false } = {}) {
  const bin = findPostgresBin();
  if (!bin) {
    const error = new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; set PG_BIN)');
    error.code = 'PG_NOT_INSTALLED';
    throw error;
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-pg-'));
  const data = join(dir, 'data');
  const run = (tool, args) => {
    const cmd = join(bin, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  /** As `run`, without blocking the event loop (the server goes down and up under load). */
  const runAsync = (tool, args) => {
    const cmd = join(bin, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    return promisify(execFile)(file, argv, { cwd: dir });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = [
    `-h 127.0.0.1 -p ${port} -k ${dir}`,
    `-c fsync=off -c synchronous_commit=${durable ? 'on' : 'off'} -c full_page_writes=off`,
    '-c max_connections=200 -c shared_buffers=256MB -c work_mem=32MB',
  ].join(' ');
  const startArgs = ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'];
  run('pg_ctl', startArgs);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    /** Stops the server (`fast`: end sessions cleanly; `immediate`: kill them, recover at start). */
    async halt(mode = 'fast') {
      await runAsync('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    /** Starts the server again on the same port after `halt`. */
    async resume() {
      await runAsync('pg_ctl', startArgs);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
