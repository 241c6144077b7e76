// Collects a log's Xid events, bounded: per Xid number a count and its first lines.
import type { XidSighting } from './find.js';
import { findXids } from './find.js';

const MAX_XIDS = 16;
const KEEP_LINES = 3;
const KEEP_IDS = 8;

export interface XidSeen {
  xid: number;
  count: number;
  /** First lines it was seen on, as read (quoted only when shown). */
  lines: { line: number; raw: string }[];
  pids: number[];
  processes: string[];
  gpus: string[];
  firstLine: number;
}

export interface XidCollector {
  line(text: string, lineNo: number, raw: string): void;
  result(): XidSeen[];
}

export function createXidCollector(): XidCollector {
  const seen = new Map<number, XidSeen>();
  const add = (s: XidSighting, lineNo: number, raw: string) => {
    let x = seen.get(s.xid);
    if (!x) {
      if (seen.size >= MAX_XIDS) return;
      x = { xid: s.xid, count: 0, lines: [], pids: [], processes: [], gpus: [], firstLine: lineNo };
      seen.set(s.xid, x);
    }
    x.count++;
    if (x.lines.length < KEEP_LINES && x.lines.at(-1)?.line !== lineNo) x.lines.push({ line: lineNo, raw });
    keep(x.pids, s.pid);
    keep(x.processes, s.process);
    keep(x.gpus, s.pci);
  };
  return {
    line(text, lineNo, raw) {
      for (const s of findXids(text)) add(s, lineNo, raw);
    },
    result: () => [...seen.values()],
  };
}

function keep<T>(list: T[], value: T | undefined): void {
  if (value !== undefined && list.length < KEEP_IDS && !list.includes(value)) list.push(value);
}
