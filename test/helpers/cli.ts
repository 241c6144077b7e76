// Runs the CLI in-process (runCli with a recording context) or as the built executable.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CommandContext, KnowledgeResult } from '../../src/cli/command.js';
import { runCli } from '../../src/cli/run.js';
import { loadKnowledge } from '../../src/knowledge/load.js';

export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

let kb: KnowledgeResult | undefined;

export interface CliRun {
  status: number;
  out: string;
  err: string;
}

export async function runInProcess(
  argv: string[],
  stdin = '',
  env: Record<string, string> = {},
): Promise<CliRun> {
  const input = Object.assign(new PassThrough(), { isTTY: false });
  input.end(stdin);
  let out = '';
  let err = '';
  kb ??= loadKnowledge();
  const ctx: CommandContext = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    stdin: input,
    env,
    knowledge: async () => kb!,
    now: () => new Date('2026-11-18T12:00:00Z'),
  };
  const status = await runCli(argv, ctx);
  return { status, out, err };
}

export function runBuilt(
  args: string[],
  options: { input?: string | Buffer; nodeArgs?: string[]; cwd?: string } = {},
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
    input: options.input ?? '',
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    timeout: 120_000,
    ...(options.cwd && { cwd: options.cwd }),
  });
}
