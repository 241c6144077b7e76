// Checks about the environment as a whole: one component seen at two versions (two installs
// or two environments in one paste), and cuDNN against the CUDA major it was built for.
import { VERSION_KEYS } from '../facts.js';
import { VERSION_LABELS } from '../labels.js';
import { cudnnPair } from '../lookup.js';
import { major } from '../version-util.js';
import { type CheckInput, get, TOPIC, type TopicalCheck, uses } from './input.js';
import { at, verdict } from './verdict.js';

const MAX_CONFLICTS = 3;

export function conflictChecks(i: CheckInput): TopicalCheck[] {
  const out: TopicalCheck[] = [];
  for (const key of VERSION_KEYS) {
    const entry = i.facts.versions[key];
    const seen = entry?.sightings.filter((s) => s.origin !== 'prose') ?? [];
    if (!entry || seen.length < 2 || out.length >= MAX_CONFLICTS) continue;
    const values = seen.slice(0, 3).map((s) => `${s.value} (${s.origin}, line ${s.line})`);
    const text = `${VERSION_LABELS[key]} shows as ${values.join(' and ')}: two installs or two environments in one paste? The checks use ${at(entry.primary)}`;
    out.push({
      topic: TOPIC.versions,
      check: verdict({ id: `versions-differ-${key.replace(/_/g, '-')}`, status: 'warn', text }),
    });
  }
  return out;
}

/**
 * A system cuDNN against the system CUDA. Skipped for PyTorch, whose wheels bring their own,
 * and for pip cuDNN wheels, whose name carries their CUDA major. Only a warn: the pairing
 * comes from conda-forge's packages, not from NVIDIA's support matrix.
 */
export function cudnnCudaCheck(i: CheckInput): TopicalCheck | null {
  const cudnn = get(i, 'cudnn');
  const cuda = get(i, 'cuda') ?? get(i, 'cudart_major');
  if (!cudnn || !cuda || cudnn.origin === 'pip' || cuda.origin === 'pip' || uses(i, 'pytorch')) return null;
  const pair = cudnnPair(i.compat, cudnn.value);
  if (!pair) return null;
  const fits = pair.cuda.some((k) => major(k) === major(cuda.value));
  const built = `cuDNN ${at(cudnn)} is packaged for CUDA ${pair.cuda.join(', ')}`;
  const text = fits ? `${built}, which includes CUDA ${at(cuda)}` : `${built}, not for CUDA ${at(cuda)}`;
  return {
    // A fit is worth showing in an environment report, not in a diagnosis.
    topic: fits ? TOPIC.versions : TOPIC.cudnn,
    check: verdict({
      id: 'cudnn-cuda',
      status: fits ? 'ok' : 'warn',
      cause: 'cudnn-version-mismatch',
      text,
      rows: [pair],
    }),
  };
}
