// The Xid events of a log, read against NVIDIA's catalogue: what each means, what it
// points at and what NVIDIA says to do.
import type { Quoter } from '../classify/quote.js';
import type { XidReport } from '../types.js';
import type { XidCatalog } from './catalog.js';
import type { XidSeen } from './collect.js';

const CATALOG_URL = 'https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html';

const POINTS_TEXT: Record<XidReport['points'], string> = {
  application: 'points at the application, not the GPU',
  driver: 'points at the GPU driver or its firmware',
  hardware: 'points at the hardware (the GPU, its memory or its links)',
  gpu: 'points at the GPU or its driver, which must be reset',
  'follow-on': 'follows another error: act on that one',
  unknown: "is not in crashbot's catalogue",
};

/** One report per Xid number: causes before the events that follow them, then in order of appearance. */
export function xidReports(seen: readonly XidSeen[], catalog: XidCatalog, quoter: Quoter): XidReport[] {
  const reports = seen.map((s) => report(s, catalog, quoter));
  const rank = (r: XidReport) => (r.points === 'follow-on' ? 1 : 0);
  return reports.sort((a, b) => rank(a) - rank(b) || a.evidence[0]!.line - b.evidence[0]!.line);
}

/** "points at the application, not the GPU" and the like. */
export function pointsText(points: XidReport['points']): string {
  return POINTS_TEXT[points];
}

function report(s: XidSeen, catalog: XidCatalog, quoter: Quoter): XidReport {
  const row = catalog.rows.find((r) => r.xid === s.xid);
  const common = {
    xid: s.xid,
    count: s.count,
    evidence: s.lines.map((l) => quoter.evidence(l.line, l.raw)),
    pids: s.pids,
    processes: s.processes,
    gpus: s.gpus,
  };
  if (!row)
    return {
      ...common,
      meaning: `Xid ${s.xid} is not in crashbot's catalogue.`,
      points: 'unknown',
      action: 'unknown',
      advice: `Look it up in NVIDIA's Xid catalog (${CATALOG_URL}) and read the kernel log lines around it.`,
      source: catalog.source,
    };
  const guidance = catalog.guidance[row.immediate];
  return {
    ...common,
    mnemonic: row.mnemonic,
    meaning: row.meaning,
    points: row.points,
    action: guidance?.action ?? 'unknown',
    nvidiaAction: row.immediate,
    advice: guidance?.text ?? `NVIDIA's action: ${row.immediate}.`,
    ...(row.note !== undefined && { note: row.note }),
    ...(row.cause !== undefined && { cause: row.cause }),
    source: catalog.source,
  };
}
