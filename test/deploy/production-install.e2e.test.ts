// The production install, as the Dockerfile does it: `npm pack` in a checkout, then in
// an empty folder the `deps` stage's own RUN lines (unpack the tarball beside the lock
// file, `npm ci --omit=dev`: no TypeScript compiler, no dev dependency, better-sqlite3
// built for this Node), then the runtime stage's ENTRYPOINT running `diagnose` and
// `start` (terminal chat, a log on stdin, then stdin closed) and its HEALTHCHECK.
// Container paths (/app, /tmp, /dist, /data) are mapped into a temp folder.
//
// Slow (npm ci compiles better-sqlite3 when no prebuilt binary can be fetched, about a
// minute on two cores), so `npm test` skips it and .ci/run runs it: `npm run test:install`.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, until } from '../multi/cluster.js';
import { execForm, type Instruction, readDockerfile, stage } from './dockerfile.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENABLED = process.env.CRASHBOT_INSTALL_TEST === '1';
const LOG = readFileSync(
  join(ROOT, 'test/fixtures/logs/gpu-oom', readdirSync(join(ROOT, 'test/fixtures/logs/gpu-oom'))[0]!),
  'utf8',
);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
};
const stages = readDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));

if (!ENABLED)
  process.stderr.write('production install test skipped: slow, it runs in .ci/run (npm run test:install)\n');

describe.skipIf(!ENABLED)('GIVEN the package packed and installed as the Dockerfile does it', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'crashbot-install-'));
  const root = join(tmp, 'root');
  /** A container path in the temp folder. */
  const at = (p: string) => (p.startsWith('/') ? join(root, p) : p);
  const mapPaths = (cmd: string) =>
    cmd.replace(/(^|[\s=])\/(app|tmp|dist|data)\b/g, (_, pre, dir) => `${pre}${root}/${dir}`);
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(tmp, { recursive: true, force: true });
  });

  /** Runs a stage's WORKDIR, COPY and RUN lines; returns its working folder and ENV. */
  function runStage(name: string, log: string[]): { cwd: string; env: Record<string, string> } {
    let cwd = root;
    const env: Record<string, string> = {};
    for (const ins of stage(stages, name).instructions) {
      if (ins.op === 'WORKDIR') {
        cwd = at(ins.args);
        mkdirSync(cwd, { recursive: true });
      } else if (ins.op === 'ENV') {
        for (const m of ins.args.matchAll(/(\w+)=(\S+)/g)) env[m[1]!] = m[2]!;
      } else if (ins.op === 'COPY') copy(ins, cwd);
      else if (ins.op === 'RUN') {
        const cmd = mapPaths(ins.args);
        log.push(cmd);
        const r = spawnSync('sh', ['-c', cmd], { cwd, encoding: 'utf8', env: process.env, timeout: 600_000 });
        if (r.status !== 0)
          throw new Error(`RUN ${ins.args} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
      }
    }
    return { cwd, env };
  }

  function copy(ins: Instruction, cwd: string) {
    const parts = ins.args.split(/\s+/);
    const from = parts.find((p) => p.startsWith('--from='));
    const [src, dest] = parts.filter((p) => !p.startsWith('--')) as [string, string];
    // From another stage: that stage's files are already in the mapped root.
    const base = from ? root : ROOT;
    const dir = src.includes('*') ? src.slice(0, src.lastIndexOf('/') + 1) : null;
    const sources = dir
      ? readdirSync(join(base, dir))
          .filter((f) =>
            new RegExp(`^${src.slice(dir.length).replace(/\./g, '\\.').replace(/\*/g, '.*')}$`).test(f),
          )
          .map((f) => join(base, dir, f))
      : [join(base, src)];
    const target = dest.startsWith('/') ? at(dest) : join(cwd, dest);
    for (const s of sources) {
      if (s === target) continue;
      cpSync(s, dest.endsWith('/') ? join(target, s.slice(s.lastIndexOf('/') + 1)) : target, {
        recursive: true,
      });
    }
  }

  it('THEN it installs without dev dependencies, diagnoses, chats, stores and answers its health check', async () => {
    const started = Date.now();
    const build = stage(stages, 'build')
      .instructions.filter((i) => i.op === 'RUN')
      .map((i) => i.args);
    expect(build).toContain('npm run build');
    const pack = build.find((c) => c.includes('npm pack'));
    expect(pack).toBeDefined();
    // dist/ is what `npm run build` made (the e2e set-up); packing is the build stage's own line.
    execFileSync('sh', ['-c', mapPaths(pack!)], { cwd: ROOT, stdio: 'pipe' });
    const log: string[] = [];
    const installed = runStage('deps', log);
    const installSeconds = (Date.now() - started) / 1000;

    expect(log.some((c) => c.startsWith('npm ci --omit=dev'))).toBe(true);
    const modules = join(installed.cwd, 'node_modules');
    // Every package the lock file marks as only needed for development is absent (some
    // type packages are also production dependencies of the SDKs: those stay).
    // TypeScript is also an SDK's optional peer (devOptional), which the Dockerfile removes.
    const devOnly = Object.entries(lock.packages)
      .filter(([path, p]) => path && (p.dev || p.devOptional))
      .map(([path]) => path);
    expect(devOnly).toContain('node_modules/typescript');
    expect(devOnly.filter((path) => existsSync(join(installed.cwd, path)))).toEqual([]);
    for (const dep of Object.keys(pkg.dependencies)) expect(existsSync(join(modules, dep)), dep).toBe(true);
    expect(existsSync(join(installed.cwd, 'src'))).toBe(false);
    expect(existsSync(join(installed.cwd, 'dist/knowledge.snapshot.json'))).toBe(true);

    const runtime = stage(stages, 'runtime');
    const envOf = runtime.instructions.find((i) => i.op === 'ENV');
    const env: Record<string, string> = {};
    for (const m of envOf?.args.matchAll(/(\w+)=(\S+)/g) ?? []) env[m[1]!] = mapPaths(m[2]!);
    const entry = execForm(runtime.instructions.find((i) => i.op === 'ENTRYPOINT')!.args);
    const cmd = execForm(runtime.instructions.find((i) => i.op === 'CMD')!.args);
    expect(entry[0]).toBe('node');
    expect(cmd).toEqual(['start']);
    const baseEnv = { PATH: process.env.PATH ?? '', HOME: tmp, ...env };

    const diagnose = spawnSync(process.execPath, [...entry.slice(1), 'diagnose', '--json', '-'], {
      cwd: installed.cwd,
      env: baseEnv,
      input: LOG,
      encoding: 'utf8',
    });
    expect(diagnose.stderr).toBe('');
    expect(diagnose.status).toBe(0);
    expect((JSON.parse(diagnose.stdout) as { causes: { id: string }[] }).causes[0]?.id).toBe('gpu-oom');

    const metricsPort = await freePort();
    const child = spawn(process.execPath, [...entry.slice(1), ...cmd], {
      cwd: installed.cwd,
      // Loopback here; the image listens on 0.0.0.0 so its published port answers.
      env: { ...baseEnv, CRASHBOT_METRICS_PORT: String(metricsPort), CRASHBOT_METRICS_HOST: '127.0.0.1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += String(d)));
    child.stderr?.on('data', (d: Buffer) => (out += String(d)));
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const health = execForm(
      runtime.instructions.find((i) => i.op === 'HEALTHCHECK')!.args.replace(/^.*?CMD\s+/, ''),
    );
    const check = () =>
      spawnSync(process.execPath, health.slice(1), {
        env: { ...baseEnv, CRASHBOT_METRICS_PORT: String(metricsPort) },
        timeout: 10_000,
      }).status === 0;
    await until(check, 30_000, `the HEALTHCHECK to pass:\n${out}`);
    child.stdin?.end(`${LOG}\n\n`);
    expect(await exit).toBe(0);
    expect(out).toMatch(/out of memory/i);
    expect(check()).toBe(false);

    const db = new Database(env.CRASHBOT_DB_PATH!, { readonly: true });
    const stored = db.prepare('SELECT top_cause FROM crash_records').all() as { top_cause: string }[];
    db.close();
    expect(stored.map((r) => r.top_cause)).toEqual(['gpu-oom']);
    process.stderr.write(
      `[install] pack + npm ci --omit=dev: ${installSeconds.toFixed(1)} s; whole test ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }, 900_000);
});
