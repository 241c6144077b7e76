// The Xid events a log line reports: the NVIDIA driver's own kernel-log line
// ("NVRM: Xid (PCI:0000:41:00): 79, pid=1209, GPU has fallen off the bus.") and the
// Kubernetes device plugin's ("XidCriticalError: Xid=48 on Device=GPU-...").

export interface XidSighting {
  xid: number;
  /** The GPU's PCI address, when the line names it. */
  pci?: string;
  pid?: number;
  process?: string;
}

const NVRM = /\bNVRM: Xid \(([^()\n]*)\): (\d+)\b/g;
const DEVICE_PLUGIN = /\bXidCriticalError: Xid=(\d+)\b/g;
const PID = /\bpid=(\d+)/;
const NAME = /\bname=([\w.-]+)/;
const PCI_PREFIX = /^PCI:/i;

/** Lower-case ASCII literals, one of which every line with a sighting holds. */
export const XID_NEEDLES: readonly string[] = ['nvrm: xid (', 'xidcriticalerror: xid='];

/** The regular expressions above, for the backtracking-safety test. */
export const XID_REGEXES: readonly RegExp[] = [NVRM, DEVICE_PLUGIN, PID, NAME, PCI_PREFIX];

const MAX_XID = 10_000;

/** Every Xid a line reports, in order. */
export function findXids(line: string): XidSighting[] {
  const out: XidSighting[] = [];
  NVRM.lastIndex = 0;
  for (let m = NVRM.exec(line); m; m = NVRM.exec(line)) {
    const xid = Number(m[2]);
    if (xid < 1 || xid > MAX_XID) continue;
    const rest = line.slice(m.index + m[0].length, m.index + m[0].length + 200);
    const pid = PID.exec(rest)?.[1];
    const name = NAME.exec(rest)?.[1];
    out.push({
      xid,
      pci: m[1]!.replace(PCI_PREFIX, ''),
      ...(pid !== undefined && { pid: Number(pid) }),
      ...(name !== undefined && name !== 'unknown' && { process: name }),
    });
  }
  DEVICE_PLUGIN.lastIndex = 0;
  for (let m = DEVICE_PLUGIN.exec(line); m; m = DEVICE_PLUGIN.exec(line)) {
    const xid = Number(m[1]);
    if (xid >= 1 && xid <= MAX_XID) out.push({ xid });
  }
  return out;
}
