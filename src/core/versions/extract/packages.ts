// Package lists: `pip freeze` (name==1.2.3), `pip list` and `conda list` (name  1.2.3  build
// channel), collect_env's "[pip3] torch==2.1.0" / "[conda] pytorch 2.1.0 py3.10_cuda11.8_cudnn8.7.0_0",
// pip's "Successfully installed numpy-2.0.0 ..." / "Requirement already satisfied: ... (2.1.0)",
// and `pip show`'s "Name: tensorflow" with "Version: 2.10.0" on the line below.
import type { VersionKey, VersionOrigin } from '../facts.js';
import { decodeCuTag } from '../version-util.js';
import type { Extractor, LineSink } from './types.js';

const PREFIX = /^\[(pip3?|conda)\]$/;
const NAME = /^[A-Za-z0-9][\w.-]*$/;
const VERSION = /^v?(\d[\w.+!-]*)$/;
const PINNED = /^([A-Za-z0-9][\w.-]*)===?(\d[\w.+!-]*)$/;
const SATISFIED =
  /^Requirement already satisfied: ([A-Za-z0-9._-]{1,60})\S{0,40} in \S.{0,300} \((\d[\w.+!-]{0,40})\)$/;
const INSTALLED = /^Successfully installed (.{1,4000})$/;
const TOKEN = /^([A-Za-z0-9._-]{1,60}?)-(\d[\w.+!]{0,40})$/;
const LOCAL = /\+(cu(\d{2,4})|cpu)\b/;
const SHOW_NAME = /^Name: ([A-Za-z0-9][\w.-]{0,60})$/;
const SHOW_VERSION = /^Version: (\d[\w.+!-]{0,40})$/;
const CONDA_BUILD = /cuda(\d+\.\d+)_cudnn(\d+(?:\.\d+){0,3})/;

/** Normalised package name (PEP 503) -> the version key it sets. */
const TRACKED: Readonly<Record<string, VersionKey>> = {
  tensorflow: 'tensorflow',
  'tensorflow-gpu': 'tensorflow',
  'tensorflow-cpu': 'tensorflow',
  'tensorflow-intel': 'tensorflow',
  'tensorflow-macos': 'tensorflow',
  'tf-nightly': 'tensorflow',
  keras: 'keras',
  torch: 'torch',
  pytorch: 'torch',
  'pytorch-cuda': 'torch_cuda',
  jax: 'jax',
  jaxlib: 'jaxlib',
  'jax-cuda12-plugin': 'jax_cuda12_plugin',
  'jax-cuda13-plugin': 'jax_cuda13_plugin',
  numpy: 'numpy',
  protobuf: 'protobuf',
  python: 'python',
  'nvidia-cudnn-cu11': 'cudnn',
  'nvidia-cudnn-cu12': 'cudnn',
  'nvidia-cudnn-cu13': 'cudnn',
  'nvidia-cuda-runtime-cu11': 'cuda',
  'nvidia-cuda-runtime-cu12': 'cuda',
  'nvidia-cuda-runtime-cu13': 'cuda',
  cudatoolkit: 'cuda',
  'cuda-version': 'cuda',
  'cuda-cudart': 'cuda',
  cudnn: 'cudnn',
};

/** Packages `pip show` is asked about: "Name: <package>" is a needle for each. */
const SHOWN = ['tensorflow', 'tf-nightly', 'keras', 'torch', 'jax', 'numpy', 'protobuf', 'nvidia-cu'];

export function packagesExtractor(): Extractor {
  /** `pip show`: the package named on the line before "Version:". */
  let shown: { name: string; line: number } | null = null;
  return {
    awaiting(lineNo) {
      if (shown && lineNo > shown.line + 1) shown = null;
      return shown !== null && lineNo > shown.line;
    },
    readNext(text, sink) {
      const name = shown!.name;
      shown = null;
      const v = SHOW_VERSION.exec(text.trim());
      return v && recordPackage(name, v[1]!, undefined, 'pip', sink) ? 'packages' : null;
    },
    needles: [
      ...SHOWN.map((p) => `name: ${p}`),
      'tensorflow',
      'tf-nightly',
      'keras',
      'torch',
      'jax',
      'numpy',
      'protobuf',
      'python',
      'cudnn',
      'cudatoolkit',
      'cuda-version',
      'cuda-cudart',
      'cuda-runtime',
      'successfully installed',
      'requirement already satisfied',
    ],
    patterns: [
      PREFIX,
      NAME,
      VERSION,
      PINNED,
      SATISFIED,
      INSTALLED,
      TOKEN,
      LOCAL,
      CONDA_BUILD,
      SHOW_NAME,
      SHOW_VERSION,
    ],
    read(text, sink) {
      const show = SHOW_NAME.exec(text.trim());
      if (show) {
        if (!trackedKey(show[1]!)) return null;
        shown = { name: show[1]!, line: sink.lineNo };
        return 'packages';
      }
      const sat = SATISFIED.exec(text);
      if (sat) return recordPackage(sat[1]!, sat[2]!, undefined, 'pip', sink) ? 'packages' : null;
      const inst = INSTALLED.exec(text);
      if (inst) {
        let any = false;
        for (const token of inst[1]!.split(/\s+/)) {
          const m = TOKEN.exec(token);
          if (m && recordPackage(m[1]!, m[2]!, undefined, 'pip', sink)) any = true;
        }
        return any ? 'other' : null;
      }
      const row = packageRow(text);
      if (!row) return null;
      recordPackage(row.name, row.version, row.origin === 'conda' ? row.build : undefined, row.origin, sink);
      return 'packages';
    },
  };
}

interface Row {
  name: string;
  version: string;
  build: string | undefined;
  origin: 'pip' | 'conda';
}

/**
 * One row of a package list, split on whitespace: `name==1.2`, `name 1.2 [location]` (pip),
 * `name 1.2 build [channel]` (conda), each optionally after collect_env's "[pip3]" / "[conda]".
 */
export function packageRow(text: string): Row | null {
  const tokens = text.trim().split(/\s+/);
  const tag = PREFIX.exec(tokens[0] ?? '')?.[1];
  if (tag) tokens.shift();
  if (tokens.length === 0 || tokens.length > 4) return null;
  const pinned = PINNED.exec(tokens[0]!);
  if (pinned) {
    return tokens.length === 1
      ? { name: pinned[1]!, version: pinned[2]!, build: undefined, origin: 'pip' }
      : null;
  }
  const version = VERSION.exec(tokens[1] ?? '')?.[1];
  if (!NAME.test(tokens[0]!) || !version) return null;
  const build = tokens[2];
  const path = build !== undefined && (build.includes('/') || build.includes('\\'));
  const conda = tag === 'conda' || (tag === undefined && build !== undefined && !path);
  return { name: tokens[0]!, version, build, origin: conda ? 'conda' : 'pip' };
}

/** The version key a package name sets (PEP 503 normalised), if it is tracked. */
export function trackedKey(rawName: string): VersionKey | undefined {
  return TRACKED[rawName.toLowerCase().replace(/[._-]+/g, '-')];
}

function recordPackage(
  rawName: string,
  version: string,
  build: string | undefined,
  origin: VersionOrigin,
  sink: LineSink,
): boolean {
  const key = trackedKey(rawName);
  if (!key) return false;
  sink.version(key, version, origin);
  if (key === 'torch') torchBuildFacts(version, build, origin, sink);
  return true;
}

/** What a torch version or conda build string says about its CUDA: +cu118, +cpu, py3.10_cuda11.8_cudnn8.7.0_0. */
export function torchBuildFacts(
  version: string,
  build: string | undefined,
  origin: VersionOrigin,
  sink: LineSink,
): void {
  const local = LOCAL.exec(version);
  if (local?.[2]) {
    const cuda = decodeCuTag(local[2]);
    if (cuda) sink.version('torch_cuda', cuda, origin);
  } else if (local) sink.flag('torch-no-cuda');
  if (!build) return;
  const cb = CONDA_BUILD.exec(build);
  if (cb) {
    sink.version('torch_cuda', cb[1]!, origin);
    sink.version('torch_cudnn', cb[2]!, origin);
  } else if (/(^|_)cpu(_|$)/.test(build)) sink.flag('torch-no-cuda');
}
