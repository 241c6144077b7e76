// The Python version against the range each framework release was built and tested for.
import type { Check } from '../../types.js';
import type { VersionRange } from '../compat-types.js';
import { jaxRequirements, tfBuild, torchRelease } from '../lookup.js';
import { compareTo, majorMinor } from '../version-util.js';
import { type CheckInput, get, TOPIC, type TopicalCheck, uses } from './input.js';
import { rowLabel } from './tensorflow.js';
import { at, COMMANDS, verdict } from './verdict.js';

const inRange = (py: string, r: VersionRange) => compareTo(py, r.min) >= 0 && compareTo(py, r.max) <= 0;
const show = (rs: readonly VersionRange[]) =>
  rs.map((r) => (r.min === r.max ? r.min : `${r.min}-${r.max}`)).join(', ');

export function pythonChecks(i: CheckInput): TopicalCheck[] {
  const py = get(i, 'python');
  if (!py) return [];
  const out: Check[] = [];
  const p = `Python ${at(py)}`;
  const tf = get(i, 'tensorflow');
  const tfRow =
    tf && uses(i, 'tensorflow')
      ? (tfBuild(i.compat, tf.value, i.os) ?? tfBuild(i.compat, tf.value, 'linux'))
      : null;
  if (tf && tfRow) {
    const ok = tfRow.python.some((r) => inRange(py.value, r));
    const text = `${p} ${ok ? 'is in' : 'is outside'} TF ${tf.value}'s tested range ${show(tfRow.python)} (${rowLabel(tfRow, i.os)})`;
    out.push(verdict({ id: 'python-tensorflow', status: ok ? 'ok' : 'warn', text, rows: [tfRow] }));
  }
  const torch = get(i, 'torch');
  const rel = torch && uses(i, 'pytorch') ? torchRelease(i.compat, torch.value) : null;
  if (torch && rel?.python) {
    const range = rel.python;
    const experimental = range.experimental.includes(majorMinor(py.value));
    const ok = inRange(py.value, range);
    const how = ok ? 'is in' : experimental ? 'is experimental in' : 'is outside';
    const text = `${p} ${how} PyTorch ${rel.label}'s supported range ${show([range])} (PyTorch release matrix)`;
    out.push(
      verdict({
        id: 'python-pytorch',
        status: ok ? 'ok' : 'warn',
        text,
        rows: [rel, { source: rel.source, verified: range.verified }],
        confirm: COMMANDS.torchWheels,
      }),
    );
  }
  const jax = get(i, 'jax');
  const req =
    jax && uses(i, 'jax')
      ? jaxRequirements(i.compat, jax.value)
          .filter((r) => r.pythonMin)
          .at(-1)
      : undefined;
  if (jax && req?.pythonMin) {
    const ok = compareTo(py.value, req.pythonMin) >= 0;
    const text = `${p} ${ok ? 'meets' : 'is below'} the Python ${req.pythonMin} that jax ${req.jaxFrom}+ requires (jax ${jax.value} here)`;
    out.push(verdict({ id: 'python-jax', status: ok ? 'ok' : 'warn', text, rows: [req] }));
  }
  return out.map((check) => ({ check, topic: TOPIC.python }));
}
