// scripts/build-compat.mjs on the saved upstream copies: the facts it reads from each, a new
// release arriving as a data change to a saved copy, and a copy whose shape changed stopping
// the build instead of being guessed at.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'build-compat.mjs');
const UPSTREAM = join(ROOT, 'scripts', 'upstream');
const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
};

/** A row of a generated table, as parsed YAML (only the fields these tests read are named). */
interface Row {
  torch: string[];
  platform: string;
  cuda: string[];
  archs: string[];
  tf: string;
  cudaMajor: number;
  release: string;
  linux: string | null;
  fact: string;
  [field: string]: unknown;
}
interface Tables {
  pytorch: { releases: Row[]; archLists: Row[] };
  tensorflow: { builds: Row[]; windowsNativeGpu: Row };
  jax: { releases: Row[]; requirements: Row[]; cudaPlugins: Row[] };
  cuda: { toolkits: Row[]; minorVersion: Row[] };
}

/** Builds from a copy of the saved upstream files, changed by `edit`; returns the tables or the error. */
function build(edit: (dir: string) => void = () => {}): { tables?: Tables; error?: string } {
  const up = temp('crashbot-upstream-');
  cpSync(UPSTREAM, up, { recursive: true });
  edit(up);
  const out = temp('crashbot-compat-');
  const r = spawnSync(process.execPath, [SCRIPT, '--upstream', up, '--out', out], { encoding: 'utf8' });
  if (r.status !== 0) return { error: r.stderr };
  const read = (f: string) => parse(readFileSync(join(out, f), 'utf8'));
  return {
    tables: {
      pytorch: read('pytorch.yaml'),
      tensorflow: read('tensorflow.yaml'),
      jax: read('jax.yaml'),
      cuda: read('cuda-drivers.yaml'),
    },
  };
}

const shipped = build().tables!;
const torch = (t: Tables, v: string) => t.pytorch.releases.find((r) => r.torch.includes(v));

describe('build-compat.mjs on the saved upstream copies', () => {
  it('GIVEN RELEASE.md and test-infra THEN torch 2.14 is released with its CUDA variants, cuDNN and NCCL; 2.15 and 2.16 stay planned', () => {
    expect(torch(shipped, '2.14')).toMatchObject({
      status: 'released',
      released: '2026-09-02',
      builds: [
        { cuda: '12.6', cudnn: '9.10.2.21', nccl: '2.29.3' },
        { cuda: '13.0', cudnn: '9.24.0.43', nccl: '2.30.7' },
        { cuda: '13.2', cudnn: '9.24.0.43', nccl: '2.30.7' },
      ],
    });
    expect(torch(shipped, '2.12')).toMatchObject({ status: 'released', released: '2026-05-13' });
    expect(torch(shipped, '2.15')).toMatchObject({
      status: 'planned',
      planned: '2026-10-28',
      verified: false,
    });
    expect(torch(shipped, '2.16')).toMatchObject({
      status: 'planned',
      planned: '2026-12-22',
      verified: false,
    });
  });

  it('GIVEN the CUDA support matrix THEN the 13.x wheels start at 7.5 and only the 12.6 wheel keeps Maxwell, Pascal and Volta', () => {
    const lists = shipped.pytorch.archLists.filter((r) => r.torch.includes('2.14') && r.platform === 'linux');
    const byCuda = Object.fromEntries(lists.map((r) => [r.cuda[0], r.archs]));
    expect(byCuda['12.6']).toEqual(['5.0', '6.0', '7.0', '7.5', '8.0', '8.6', '9.0']);
    expect(byCuda['13.0']![0]).toBe('7.5');
    expect(byCuda['13.2']![0]).toBe('7.5');
  });

  it("GIVEN TF's tested-build tables THEN TF 2.21 is cuDNN 9.3 / CUDA 12.5 and native-Windows GPU ends at 2.10", () => {
    expect(shipped.tensorflow.builds.find((b) => b.tf === '2.21.0' && b.platform === 'linux')).toMatchObject({
      cudnn: '9.3',
      cuda: '12.5',
    });
    expect(shipped.tensorflow.windowsNativeGpu).toMatchObject({ lastVersion: '2.10' });
    expect(shipped.tensorflow.windowsNativeGpu.fact).toContain('Python 3.7-3.10');
  });

  it("GIVEN JAX's changelog and installation page THEN 0.11.0 (2026-07-16) needs Python 3.12 and the CUDA 13 plugin a 580 driver and SM 7.5", () => {
    expect(shipped.jax.releases.at(-1)).toMatchObject({ version: '0.11.0', date: '2026-07-16' });
    expect(shipped.jax.requirements.at(-1)).toMatchObject({ jaxFrom: '0.11.0', pythonMin: '3.12' });
    expect(shipped.jax.cudaPlugins.find((p) => p.cudaMajor === 13)).toMatchObject({
      linuxMinDriver: '580',
      minComputeCapability: '7.5',
      extra: 'jax[cuda13]',
    });
    expect(shipped.jax.cudaPlugins.find((p) => p.cudaMajor === 12)).toMatchObject({
      linuxMinDriver: '525',
    });
  });

  it("GIVEN NVIDIA's notes THEN CUDA 13.0 GA needs 580.65.06, 13.3 610.43.02, 13.4 lists none, and the family floors are 580/525/450", () => {
    const tk = (release: string) => shipped.cuda.toolkits.find((t) => t.release === release);
    expect(tk('CUDA 13.0 GA')).toMatchObject({ linux: '580.65.06', windows: null, verified: true });
    expect(tk('CUDA 13.3 GA')).toMatchObject({ linux: '610.43.02', verified: 'secondary' });
    expect(tk('CUDA 13.4 GA')).toMatchObject({ linux: null, featureDriver: '616.00', verified: 'partial' });
    expect(shipped.cuda.minorVersion.map((r) => [r.cudaMajor, r.linux])).toEqual([
      [13, '580'],
      [12, '525.60.13'],
      [11, '450.80.02'],
    ]);
  });

  it('GIVEN a new release in the saved RELEASE.md and its go-live in the test-infra log THEN the rebuilt table has it, released', () => {
    const next = build((up) => {
      const md = join(up, 'pytorch', 'RELEASE.md');
      writeFileSync(
        md,
        readFileSync(md, 'utf8').replace(
          '| 2.14 |',
          '| 2.15 | >=3.10, <=(3.15, 3.15t experimental) | C++20 | CUDA 12.6 (CUDNN 9.10.2.21) (NCCL 2.29.3), CUDA 13.2 (CUDNN 9.26.0.1) (NCCL 2.31.2) | CUDA 13.4 (CUDNN 9.26.0.1) (NCCL 2.31.2) | ROCm 7.14 |\n| 2.14 |',
        ),
      );
      appendFileSync(
        join(up, 'pytorch', 'test-infra-stable-version.log'),
        `${'a'.repeat(40)} 2026-10-27 Release 2.15 go live. Update release matrix (#9999)\n`,
      );
    }).tables!;
    expect(torch(next, '2.15')).toMatchObject({
      status: 'released',
      released: '2026-10-28',
      cudaWheels: ['12.6', '13.2', '13.4'],
      verified: 'secondary',
    });
    expect(next.pytorch.releases.filter((r) => r.torch.includes('2.15'))).toHaveLength(1);
  });

  it.each([
    [
      'Table 3 lost its heading',
      'cuda/release-notes-13.2.2.md',
      'Table 3 CUDA Toolkit',
      'Table III',
      /Table 3/,
    ],
    [
      'the tested-build table lost its GPU heading',
      'tensorflow/source.md',
      '#### GPU\n\n<table>',
      '#### Graphics\n\n<table>',
      /GPU heading|tested-build rows/,
    ],
    ['a matrix row lost a column', 'pytorch/RELEASE.md', '| C++20 | CUDA 12.6', '| CUDA 12.6', /matrix row/],
    [
      'the CUDA 13 wheel table changed',
      'jax/installation.md',
      'The CUDA 13 wheel is:',
      'The CUDA13 wheel:',
      /CUDA 13/,
    ],
  ])(
    'GIVEN a saved copy whose shape changed (%s) THEN the build stops and says which',
    (_n, file, from, to, says) => {
      const r = build((up) => {
        const p = join(up, file);
        writeFileSync(p, readFileSync(p, 'utf8').replace(from, to));
      });
      expect(r.error).toMatch(/changed shape/);
      expect(r.error).toMatch(says);
    },
  );

  it('GIVEN the committed tables THEN --check passes', () => {
    expect(() => execFileSync(process.execPath, [SCRIPT, '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
