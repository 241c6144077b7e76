// Who a `crashbot run` is: the job it belongs to (so a second failure updates the first
// alert and a green run resolves it), the run of that job (all ranks of one launch), and
// whether this process is the one that posts.
import { createHash } from 'node:crypto';

type Env = Readonly<Record<string, string | undefined>>;

/** Environment variables that give a process's rank, in the order they are trusted. */
export const RANK_VARIABLES = [
  'RANK',
  'SLURM_PROCID',
  'OMPI_COMM_WORLD_RANK',
  'PMI_RANK',
  'PMIX_RANK',
] as const;

export interface Rank {
  rank: number;
  /** The variable it came from. */
  from: string;
}

/**
 * The global rank, when a launcher set one. LOCAL_RANK counts only where no global rank
 * is set (one node): rank 0 of node 2 is not rank 0 of the job.
 */
export function rankOf(env: Env): Rank | null {
  for (const name of RANK_VARIABLES) {
    const n = wholeNumber(env[name]);
    if (n !== null) return { rank: n, from: name };
  }
  const local = wholeNumber(env.LOCAL_RANK);
  return local !== null && wholeNumber(env.WORLD_SIZE) === null ? { rank: local, from: 'LOCAL_RANK' } : null;
}

function wholeNumber(v: string | undefined): number | null {
  if (v === undefined || !/^\d{1,9}$/.test(v.trim())) return null;
  return Number(v.trim());
}

/**
 * One launch of a job, shared by all of its processes, from the scheduler or CI that
 * started it; null when nothing says (a plain shell).
 */
export function runIdOf(env: Env): string | null {
  const pick = (...names: string[]) => {
    const parts = names.map((n) => env[n]?.trim());
    return parts.every((p) => p) ? parts.join('.') : null;
  };
  return (
    pick('SLURM_JOB_ID', 'SLURM_STEP_ID') ??
    pick('SLURM_JOB_ID') ??
    pick('TORCHELASTIC_RUN_ID') ??
    pick('GITHUB_RUN_ID', 'GITHUB_RUN_ATTEMPT') ??
    pick('CI_JOB_ID') ??
    pick('PBS_JOBID') ??
    pick('LSB_JOBID') ??
    pick('JOB_ID')
  );
}

/**
 * The job's name: `--job NAME` as given, else a short hash of the command and the
 * folder it ran in (the command line can hold paths and keys, so it is never stored).
 */
export function jobKey(given: string | undefined, command: readonly string[], cwd: string): string {
  if (given?.trim()) return given.trim();
  const hash = createHash('sha256')
    .update(JSON.stringify([cwd, ...command]))
    .digest('hex');
  return `${baseName(command[0] ?? 'command')}-${hash.slice(0, 12)}`;
}

/** A short, readable label of the command for the alert: its program and script, no arguments. */
export function commandLabel(command: readonly string[]): string {
  const [program, ...args] = command;
  if (!program) return 'command';
  const script = args.find((a) => /\.(py|sh|ipynb|js|ts|jl|R)$/i.test(a));
  const module = args[args.indexOf('-m') + 1];
  const second = script ? baseName(script) : args.includes('-m') && module ? `-m ${module}` : '';
  return [baseName(program), second].filter(Boolean).join(' ');
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}
