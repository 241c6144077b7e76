// What to run when a version a suspected cause turns on is not in the paste. At most two,
// in the order the causes suggest them, and none a verdict already covers: a reply with a
// wall of commands gets none run.
import type { Check } from '../../types.js';
import { tfBuild } from '../lookup.js';
import { major } from '../version-util.js';
import { type CheckInput, flag, get, suspects, TOPIC, uses } from './input.js';
import { COMMANDS, verdict } from './verdict.js';

const MAX_TODOS = 2;

interface Todo {
  id: string;
  /** Checks whose presence makes this one redundant. */
  coveredBy: readonly string[];
  make(i: CheckInput): Check | null;
}

const todo = (id: string, text: string, command: string, source?: string): Check => ({
  id,
  status: 'todo',
  text,
  command,
  ...(source && { source }),
});

const TODOS: readonly Todo[] = [
  {
    id: 'tf-build-info',
    coveredBy: ['tf-cudnn', 'tf-cuda'],
    make: (i) =>
      uses(i, 'tensorflow') && !get(i, 'tensorflow') && suspects(i, [...TOPIC.cudnn, ...TOPIC.cuda])
        ? todo(
            'tf-build-info',
            'TensorFlow\'s version and the CUDA/cuDNN it was built with are not in the paste; compare them with its tested build and with the cuDNN it loads ("Loaded cuDNN version")',
            COMMANDS.tfBuild,
            'tf.sysconfig.get_build_info(), TensorFlow 2.3+ (tensorflow/tensorflow RELEASE.md, Release 2.3.0)',
          )
        : null,
  },
  {
    id: 'tf-cudnn-loaded',
    coveredBy: ['tf-cudnn'],
    make: (i) => {
      const tf = get(i, 'tensorflow');
      const row = tf && tfBuild(i.compat, tf.value, i.os);
      if (!tf || !row || get(i, 'cudnn') || get(i, 'cudnn_major')) return null;
      if (!suspects(i, ['cudnn-version-mismatch', 'native-crash-windows'])) return null;
      const command =
        i.os === 'windows' ? `where cudnn64_${major(row.cudnn)}.dll` : 'ldconfig -p | grep libcudnn';
      const text = `The cuDNN TensorFlow loads is not in the paste; TF ${tf.value} was built and tested with cuDNN ${row.cudnn}: find which cuDNN comes first on the library path`;
      return verdict({ id: 'tf-cudnn-loaded', status: 'todo', text, command, rows: [row] });
    },
  },
  {
    id: 'nvidia-smi',
    coveredBy: ['driver'],
    make: (i) =>
      !get(i, 'driver') && !flag(i, 'torch-driver-too-old') && suspects(i, TOPIC.driver)
        ? todo(
            'nvidia-smi',
            'The NVIDIA driver version is not in the paste; nvidia-smi\'s header shows it (its "CUDA Version" is the newest CUDA the driver supports, not what is installed)',
            COMMANDS.nvidiaSmi,
          )
        : null,
  },
  {
    id: 'collect-env',
    coveredBy: [],
    make: (i) =>
      uses(i, 'pytorch') &&
      !(get(i, 'torch') && get(i, 'torch_cuda')) &&
      suspects(i, [...TOPIC.cuda, ...TOPIC.arch, 'cudnn-version-mismatch'])
        ? todo(
            'collect-env',
            'The PyTorch build (its version and CUDA) is not in the paste; collect_env prints it with the driver, cuDNN and GPUs',
            COMMANDS.collectEnv,
            'pytorch/pytorch .github/ISSUE_TEMPLATE/bug-report.yml',
          )
        : null,
  },
  {
    id: 'gpu-compute-capability',
    coveredBy: ['gpu-arch'],
    make: (i) =>
      i.causes.has('unsupported-gpu-arch') && !i.facts.gpus.some((g) => g.computeCapability)
        ? todo(
            'gpu-compute-capability',
            "The GPU's compute capability is not in the paste",
            COMMANDS.gpuQuery,
          )
        : null,
  },
  {
    id: 'jax-versions',
    coveredBy: ['jax-jaxlib'],
    make: (i) =>
      uses(i, 'jax') && !(get(i, 'jax') && get(i, 'jaxlib')) && suspects(i, TOPIC.jax)
        ? todo('jax-versions', 'The jax and jaxlib versions are not both in the paste', COMMANDS.jaxPip)
        : null,
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
  return [todo('nvidia-smi', 'The NVIDIA driver version is not in the paste', COMMANDS.nvidiaSmi)];
}

export function todoChecks(i: CheckInput, taken: ReadonlySet<string>): Check[] {
  if (!i.crash) return reportTodos(i).filter((c) => !taken.has(c.id) && !taken.has('driver'));
  const out: Check[] = [];
  for (const t of TODOS) {
    if (out.length >= MAX_TODOS || taken.has(t.id) || t.coveredBy.some((id) => taken.has(id))) continue;
    const c = t.make(i);
    if (c) out.push(c);
  }
  return out;
}
