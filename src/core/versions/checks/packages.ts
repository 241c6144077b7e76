// Checks the paste settles by itself or with one table row: a CPU-only PyTorch on a GPU
// machine, NumPy 2 against modules built for 1.x, protobuf, and jax / jaxlib / plugin pairing.
import { jaxRequirements, torchRelease } from '../lookup.js';
import { compareTo, sameRelease } from '../version-util.js';

/** The first jax release whose jaxlib carries the same number (jax and jaxlib 0.4.0, 2022-12-12, CHANGELOG.md). */
const SHARED_NUMBERS = '0.4';

import { type CheckInput, flag, get, gpuExpected, TOPIC, type TopicalCheck, uses } from './input.js';
import { at, COMMANDS, fromLog, verdict } from './verdict.js';

export function torchCpuBuild(i: CheckInput): TopicalCheck | null {
  const cpu = flag(i, 'torch-no-cuda');
  if (!cpu || !uses(i, 'pytorch') || !gpuExpected(i)) return null;
  const torch = get(i, 'torch');
  const rel = torch ? torchRelease(i.compat, torch.value) : null;
  const gpu = i.facts.gpus[0];
  const wheels = rel?.cudaWheels.length
    ? `; PyTorch ${rel.label} wheels exist for CUDA ${rel.cudaWheels.join(', ')}`
    : '';
  const text = `PyTorch${torch ? ` ${torch.value}` : ''} was built without CUDA (line ${cpu.line})${gpu ? `, yet ${gpu.name} is here` : ''}${wheels}`;
  return {
    topic: TOPIC.gpu,
    check: verdict({
      id: 'torch-cuda-build',
      status: 'fail',
      cause: 'gpu-not-detected',
      text,
      rows: [rel],
      logSource: fromLog('the PyTorch build', cpu.line),
      command: COMMANDS.torchLine,
    }),
  };
}

export function numpyCheck(i: CheckInput): TopicalCheck | null {
  const abi = flag(i, 'numpy-abi');
  const np = get(i, 'numpy');
  const base = { id: 'numpy-abi', cause: 'numpy-abi-mismatch' } as const;
  if (abi) {
    const text = `A module in this paste was compiled against NumPy 1.x, and NumPy ${np?.value ?? '2.x'} is installed (NumPy's warning, line ${abi.line}): use numpy<2 or a build of that module for NumPy 2`;
    return {
      topic: TOPIC.numpy,
      check: verdict({ ...base, status: 'fail', text, logSource: fromLog("NumPy's warning", abi.line) }),
    };
  }
  if (!i.causes.has('numpy-abi-mismatch')) return null;
  if (!np)
    return {
      topic: TOPIC.numpy,
      check: verdict({
        ...base,
        status: 'todo',
        text: 'The NumPy version is not in the paste',
        command: COMMANDS.numpy,
      }),
    };
  if (compareTo(np.value, '2') < 0) return null;
  const text = `NumPy ${at(np)} is installed: modules compiled against NumPy 1.x cannot load in NumPy 2`;
  return {
    topic: TOPIC.numpy,
    check: verdict({ ...base, status: 'warn', text, logSource: fromLog('the NumPy version', np.line) }),
  };
}

export function protobufCheck(i: CheckInput): TopicalCheck | null {
  const desc = flag(i, 'protobuf-descriptors');
  if (!desc && !i.causes.has('protobuf-version')) return null;
  const pb = get(i, 'protobuf');
  const advice = flag(i, 'protobuf-advice');
  const base = { id: 'protobuf', cause: 'protobuf-version', command: 'python -m pip check' } as const;
  if (!pb)
    return {
      topic: TOPIC.protobuf,
      check: verdict({
        ...base,
        status: 'todo',
        text: 'The protobuf version is not in the paste; `pip check` shows which package wants another one',
      }),
    };
  const said = advice ? `; the error itself suggests protobuf 3.20.x or lower (line ${advice.line})` : '';
  const text = `protobuf ${at(pb)} is installed${desc ? ` and generated code refuses it (line ${desc.line})` : ''}${said}`;
  return {
    topic: TOPIC.protobuf,
    check: verdict({
      ...base,
      status: desc ? 'warn' : 'todo',
      text,
      logSource: fromLog('the protobuf error', (desc ?? pb).line),
    }),
  };
}

export function jaxChecks(i: CheckInput): TopicalCheck[] {
  if (!uses(i, 'jax')) return [];
  const out: TopicalCheck[] = [];
  const jax = get(i, 'jax');
  const jaxlib = get(i, 'jaxlib');
  const base = { id: 'jax-jaxlib', cause: 'jax-jaxlib-mismatch' } as const;
  const said = flag(i, 'jax-jaxlib-mismatch') ?? flag(i, 'jax-plugin-mismatch');
  if (said) {
    const text = `JAX reports mismatched packages (line ${said.line}): ${[jax && `jax ${jax.value}`, jaxlib && `jaxlib ${jaxlib.value}`, pluginText(i)].filter(Boolean).join(', ')}; install one release of all of them`;
    out.push({
      topic: TOPIC.jax,
      check: verdict({
        ...base,
        status: 'fail',
        text,
        logSource: fromLog("JAX's version check", said.line),
        command: COMMANDS.jaxPip,
      }),
    });
  } else {
    const plugin = get(i, 'jax_cuda12_plugin') ?? get(i, 'jax_cuda13_plugin');
    const pairs = [
      jax && jaxlib && (['jax', jax, 'jaxlib', jaxlib] as const),
      jaxlib && plugin && (['jaxlib', jaxlib, 'its CUDA plugin', plugin] as const),
    ];
    for (const pair of pairs) {
      if (!pair || sameRelease(withoutLocal(pair[1].value), withoutLocal(pair[3].value))) continue;
      // Before jax 0.4.0 (December 2022) jaxlib had numbers of its own (jax 0.2.13 with jaxlib 0.1.67).
      if (compareTo(pair[1].value, SHARED_NUMBERS) < 0 || compareTo(pair[3].value, SHARED_NUMBERS) < 0)
        continue;
      const text = `${pair[0]} ${at(pair[1])} and ${pair[2]} ${at(pair[3])} are different releases; crashbot has no verified jax pairing table, so this is not confirmed: the command shows whether jax accepts them`;
      out.push({
        topic: TOPIC.jax,
        check: verdict({
          ...base,
          status: 'warn',
          text,
          command: 'python -c "import jax; print(jax.__version__)"',
        }),
      });
      break;
    }
  }
  const cudnn = get(i, 'cudnn');
  const req = jax
    ? jaxRequirements(i.compat, jax.value)
        .filter((r) => r.cudnnMin)
        .at(-1)
    : undefined;
  if (jax && cudnn && req?.cudnnMin) {
    const ok = compareTo(cudnn.value, req.cudnnMin) >= 0;
    const text = `cuDNN ${at(cudnn)} ${ok ? 'meets' : 'is below'} the cuDNN ${req.cudnnMin} that jax ${req.jaxFrom}+ requires (jax ${jax.value} here)`;
    out.push({
      topic: TOPIC.cudnn,
      check: verdict({
        id: 'jax-cudnn',
        cause: 'cudnn-version-mismatch',
        status: ok ? 'ok' : 'fail',
        text,
        rows: [req],
      }),
    });
  }
  return out;
}

function pluginText(i: CheckInput): string | undefined {
  const p12 = get(i, 'jax_cuda12_plugin');
  const p13 = get(i, 'jax_cuda13_plugin');
  return p12 ? `jax-cuda12-plugin ${p12.value}` : p13 ? `jax-cuda13-plugin ${p13.value}` : undefined;
}

/** A version without its local part (`0.4.30+cuda12` -> `0.4.30`). */
function withoutLocal(version: string): string {
  const plus = version.indexOf('+');
  return plus === -1 ? version : version.slice(0, plus);
}
