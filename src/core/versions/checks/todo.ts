// What to run when a version a suspected cause turns on is not in the paste. At most two,
// in the order the causes suggest them: a reply with a wall of commands gets none run.
import type { Check } from '../../types.js';
import { type CheckInput, get, suspects, TOPIC, uses } from './input.js';
import { COMMANDS } from './verdict.js';

const MAX_TODOS = 2;

interface Todo {
  when(i: CheckInput): boolean;
  check: Check;
}

const TODOS: readonly Todo[] = [
  {
    when: (i) =>
      uses(i, 'tensorflow') &&
      suspects(i, [...TOPIC.cudnn, ...TOPIC.cuda]) &&
      (!get(i, 'tensorflow') || !(get(i, 'cudnn') ?? get(i, 'cudnn_major'))),
    check: {
      id: 'tf-build-info',
      status: 'todo',
      text: 'Compare TensorFlow\'s version and the CUDA/cuDNN it was built with against its tested build, and against the cuDNN it loads ("Loaded cuDNN version" lines)',
      command: COMMANDS.tfBuild,
      source:
        'tf.sysconfig.get_build_info(), TensorFlow 2.3+ (tensorflow/tensorflow RELEASE.md, Release 2.3.0)',
    },
  },
  {
    when: (i) => !get(i, 'driver') && suspects(i, TOPIC.driver),
    check: {
      id: 'nvidia-smi',
      status: 'todo',
      text: 'The NVIDIA driver version is not in the paste; nvidia-smi\'s header shows it (its "CUDA Version" is the newest CUDA the driver supports, not what is installed)',
      command: COMMANDS.nvidiaSmi,
    },
  },
  {
    when: (i) =>
      uses(i, 'pytorch') &&
      !(get(i, 'torch') && get(i, 'torch_cuda')) &&
      suspects(i, [...TOPIC.cuda, ...TOPIC.arch, 'cudnn-version-mismatch']),
    check: {
      id: 'collect-env',
      status: 'todo',
      text: 'The PyTorch build (its version and CUDA) is not in the paste; collect_env prints it with the driver, cuDNN and GPUs',
      command: COMMANDS.collectEnv,
      source: 'pytorch/pytorch .github/ISSUE_TEMPLATE/bug-report.yml',
    },
  },
  {
    when: (i) => i.causes.has('unsupported-gpu-arch') && !i.facts.gpus.some((g) => g.computeCapability),
    check: {
      id: 'gpu-compute-capability',
      status: 'todo',
      text: "The GPU's compute capability is not in the paste",
      command: COMMANDS.gpuQuery,
    },
  },
  {
    when: (i) => uses(i, 'jax') && !(get(i, 'jax') && get(i, 'jaxlib')) && suspects(i, TOPIC.jax),
    check: {
      id: 'jax-versions',
      status: 'todo',
      text: 'The jax and jaxlib versions are not both in the paste',
      command: COMMANDS.jaxPip,
    },
  },
];

/** In an environment report: the driver, when a framework's CUDA build is there to hold it against. */
function reportTodos(i: CheckInput): Check[] {
  const cudaBuild =
    get(i, 'torch_cuda') ??
    get(i, 'tensorflow') ??
    get(i, 'jax_cuda12_plugin') ??
    get(i, 'jax_cuda13_plugin');
  if (get(i, 'driver') || !cudaBuild) return [];
  return [TODOS[1]!.check];
}

export function todoChecks(i: CheckInput, taken: ReadonlySet<string>): Check[] {
  if (!i.crash) return reportTodos(i).filter((c) => !taken.has(c.id));
  return TODOS.filter((t) => !taken.has(t.check.id) && t.when(i))
    .slice(0, MAX_TODOS)
    .map((t) => ({ ...t.check }));
}
