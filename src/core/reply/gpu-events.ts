// The Xid events and the NCCL hang triage of a diagnosis, as reply blocks.
import type { NcclHang, XidReport } from '../types.js';
import { pointsText } from '../xid/report.js';
import type { ReplyBlock } from './model.js';

const MAX_XIDS = 4;
const MAX_RANKS = 8;

export function xidBlocks(xids: readonly XidReport[]): ReplyBlock[] {
  if (xids.length === 0) return [];
  const shown = xids.slice(0, MAX_XIDS);
  return [
    { type: 'heading', text: 'GPU driver (Xid)' },
    {
      type: 'list',
      items: shown.map((x) => ({
        text: `Xid ${x.xid}${x.mnemonic ? ` (${x.meaning})` : ''} ${pointsText(x.points)}${seen(x)}.`,
        detail: [x.advice, x.note].filter(Boolean).join(' '),
      })),
    },
    ...(xids.length > MAX_XIDS
      ? [
          {
            type: 'text' as const,
            text: `Also logged: ${xids
              .slice(MAX_XIDS)
              .map((x) => `Xid ${x.xid}`)
              .join(', ')}.`,
          },
        ]
      : []),
  ];
}

function seen(x: XidReport): string {
  const parts = [`${x.count} ${x.count === 1 ? 'line' : 'lines'}`];
  if (x.processes.length) parts.push(`process ${x.processes.join(', ')}`);
  else if (x.pids.length) parts.push(`pid ${x.pids.join(', ')}`);
  return ` (${parts.join(', ')})`;
}

export function ncclBlocks(hang: NcclHang | null): ReplyBlock[] {
  if (!hang) return [];
  return [
    { type: 'heading', text: 'NCCL hang' },
    { type: 'text', text: hang.summary },
    {
      type: 'list',
      title: hang.processGroup !== undefined ? `Ranks (process group ${hang.processGroup})` : 'Ranks',
      items: hang.ranks.slice(0, MAX_RANKS).map((r) => ({
        text: `rank ${r.rank}: ${r.opType ? `${r.opType} ` : ''}#${r.seq}${
          r.lastCompleted !== undefined
            ? `, last completed #${r.lastCompleted}, last enqueued #${r.lastEnqueued}`
            : ''
        }${hang.stoppedFirst.includes(r.rank) ? ' (stopped first)' : ''}`,
        detail: `line ${r.evidence.line}`,
      })),
    },
    {
      type: 'code',
      title: `Confirm with PyTorch's Flight Recorder. ${hang.confirmNote}`,
      language: 'bash',
      code: hang.confirm,
    },
  ];
}
