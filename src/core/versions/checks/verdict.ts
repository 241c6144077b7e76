// Turning a comparison into a Check: the verdict is only as strong as the rows it rests on.
//   true, 'secondary'     any status ('secondary' is said in the text)
//   'partial', 'derived'  a fail becomes a warn ("source only partly verified")
//   false                 only warn or todo, worded "not confirmed"
import type { CauseId, Check, CheckStatus } from '../../types.js';
import type { Sourced, Verified } from '../compat-types.js';
import type { Sighting } from '../facts.js';

export interface VerdictInput {
  id: string;
  status: CheckStatus;
  text: string;
  /** The table rows the verdict rests on. */
  rows?: readonly (Sourced | null | undefined)[];
  /** Overrides a row's own flag (a GPU matched to its desktop row is 'derived'). */
  verified?: Verified;
  /** Where a fact read from the paste itself was printed ("PyTorch's warning, line 3"). */
  logSource?: string;
  cause?: CauseId;
  command?: string;
  /** The command that settles a verdict whose row is unverified (it then becomes a `todo`). */
  confirm?: string;
}

const RANK: Record<string, number> = { false: 0, partial: 1, derived: 1, secondary: 2, true: 3 };

export function weakest(flags: readonly Verified[]): Verified {
  return flags.reduce<Verified>((w, f) => (RANK[String(f)]! < RANK[String(w)]! ? f : w), true);
}

export function verdict(v: VerdictInput): Check {
  const rows = (v.rows ?? []).filter((r): r is Sourced => Boolean(r));
  const level = weakest([...rows.map((r) => r.verified), ...(v.verified === undefined ? [] : [v.verified])]);
  let status = v.status;
  let text = v.text;
  let command = v.command;
  if (level === false) {
    if (status === 'fail') status = 'warn';
    if (status === 'ok') {
      command ??= v.confirm;
      status = command ? 'todo' : 'warn';
    }
    text += ' (not confirmed: the table row it rests on is unverified)';
  } else if (level === 'partial' || level === 'derived') {
    if (status === 'fail') status = 'warn';
    text += ' (source only partly verified)';
  } else if (level === 'secondary') text += ' (secondary source)';
  const sources = [
    ...new Set([v.logSource, ...rows.map((r) => r.source)].filter((s): s is string => Boolean(s))),
  ];
  return {
    id: v.id,
    status,
    text,
    ...(command && { command }),
    ...(sources.length && { source: sources.join(' | ') }),
    ...(v.cause && (status === 'fail' || status === 'warn') && { cause: v.cause }),
  };
}

/** "2.10.0 (line 3)" */
export function at(s: Sighting): string {
  return `${s.value} (line ${s.line})`;
}

/** "this paste, line 12" for facts a library printed itself. */
export function fromLog(what: string, line: number): string {
  return `${what} in this paste, line ${line}`;
}

export const COMMANDS = {
  tfBuild: 'python -c "import tensorflow as tf; print(tf.__version__, tf.sysconfig.get_build_info())"',
  nvidiaSmi: 'nvidia-smi',
  gpuQuery: 'nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv',
  collectEnv: 'python -m torch.utils.collect_env',
  torchLine:
    'python -c "import torch; print(torch.__version__, torch.version.cuda, torch.backends.cudnn.version(), torch.cuda.is_available(), torch.cuda.get_arch_list())"',
  jaxEnv: 'python -c "import jax; jax.print_environment_info()"',
  jaxPip: 'python -m pip show jax jaxlib',
  numpy: 'python -c "import numpy; print(numpy.__version__)"',
  torchWheels: 'python -m pip index versions torch',
  protobuf: 'python -m pip show protobuf',
  tfGpus: 'python -c "import tensorflow as tf; print(tf.config.list_physical_devices(\'GPU\'))"',
} as const;
