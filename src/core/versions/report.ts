// The version report as a Reply (kind 'env-report'): what the paste shows, with the line
// each version came from, and the checks with their verdicts. `crashbot check-env` prints
// it; the bots answer environment dumps (collect_env, nvidia-smi, pip list) with it.
import type { Reply, ReplyBlock } from '../reply/model.js';
import type { Check, CheckStatus, KnowledgeDates } from '../types.js';
import { VERSION_KEYS, type VersionFacts } from './facts.js';
import { VERSION_LABELS } from './labels.js';
import { knowledgeLine } from './staleness.js';

const MAX_GPUS = 8;
const MAX_LIBRARIES = 12;
const STATE = { loaded: 'loaded', missing: 'not found', seen: 'named' } as const;

export function renderEnvReport(
  facts: VersionFacts,
  checks: readonly Check[],
  knowledge?: KnowledgeDates,
): Reply {
  const blocks: ReplyBlock[] = [];
  const fields = VERSION_KEYS.flatMap((key) => {
    const e = facts.versions[key];
    if (!e) return [];
    const shown = e.sightings.length > 1 ? e.sightings : [e.primary];
    return [
      { label: VERSION_LABELS[key], value: shown.map((s) => `\`${s.value}\` (line ${s.line})`).join(', ') },
    ];
  });
  if (fields.length) blocks.push({ type: 'fields', title: 'Versions in the paste', fields });
  if (facts.gpus.length) {
    blocks.push({
      type: 'fields',
      title: 'GPUs',
      fields: facts.gpus.slice(0, MAX_GPUS).map((g, n) => ({
        label: `GPU ${n}`,
        value: `${g.name}${g.computeCapability ? `, compute capability ${g.computeCapability}` : ''} (line ${g.line})`,
      })),
    });
  }
  if (facts.libraries.length) {
    const libs = facts.libraries
      .slice(0, MAX_LIBRARIES)
      .map((l) => `\`${l.name}\` ${STATE[l.state]} (line ${l.line})`);
    blocks.push({ type: 'text', text: `Libraries: ${libs.join(', ')}` });
  }
  if (checks.length) {
    blocks.push({
      type: 'list',
      title: 'Checks',
      items: checks.map((c) => {
        const detail = [c.command && `Run \`${c.command}\``, c.source && `Source: ${shortSource(c.source)}`]
          .filter(Boolean)
          .join(' · ');
        return detail ? { status: c.status, text: c.text, detail } : { status: c.status, text: c.text };
      }),
    });
  } else {
    blocks.push({
      type: 'text',
      text: fields.length
        ? 'No check applies to these versions: the compatibility tables have no row for them.'
        : 'No versions found. Paste the output of `python -m torch.utils.collect_env`, `nvidia-smi` or `pip list`.',
    });
  }
  return {
    kind: 'env-report',
    title: title(checks, fields.length),
    blocks,
    footer: `Versions are compared with the compatibility tables in crashbot's knowledge/compat, each row with its source.${knowledge ? ` ${knowledgeLine(knowledge)}` : ''}`,
  };
}

function title(checks: readonly Check[], versions: number): string {
  if (versions === 0) return 'Environment report: no versions found';
  const count = (s: CheckStatus) => checks.filter((c) => c.status === s).length;
  const parts = (['fail', 'warn', 'ok', 'todo'] as const)
    .map((s) => [s, count(s)] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s === 'todo' ? 'to run' : s}`);
  return `Environment report: ${parts.length ? parts.join(', ') : 'no checks apply'}`;
}

/** The first reference of a source list, shortened for a chat line. */
export function shortSource(source: string): string {
  const first = source.split(/ \| | ; /)[0]!.trim();
  return first.length > 120 ? `${first.slice(0, 119)}…` : first;
}
