// Shared pieces of the scenario tables.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckStatus } from '../../../../src/core/types.js';
import type { Ctx } from '../helpers.js';

export const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', name), 'utf8');

export interface Scenario {
  name: string;
  paste: string;
  ctx?: Ctx;
  /** For each check id, the status it must get; null: it must not appear. */
  expect: Record<string, CheckStatus | null>;
  /** For each check id, words its text must contain (the versions it names). */
  names?: Record<string, readonly string[]>;
}

export const TF_WIN: Ctx = { framework: 'tensorflow', os: 'windows' };
export const TF_LINUX: Ctx = { framework: 'tensorflow', os: 'linux' };
export const TORCH_LINUX: Ctx = { framework: 'pytorch', os: 'linux' };

/** An nvidia-smi header and one GPU row. */
export const SMI = (driver: string, cuda: string, gpu = 'NVIDIA GeForce RTX 3090') =>
  `| NVIDIA-SMI ${driver}    Driver Version: ${driver}    CUDA Version: ${cuda}     |\n|   0  ${gpu}        Off | 00000000:01:00.0 Off |                  N/A |`;
