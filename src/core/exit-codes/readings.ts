// Reads a found code against the tables: every sensible reading, the likeliest first.
import type { DecodedExitCode } from '../types.js';
import {
  GENERIC_STATUS_SOURCE,
  genericStatusText,
  NTSTATUS_LAYOUT_SOURCE,
  RETURNCODE_SIGNAL_SOURCE,
  SHELL_SIGNAL_SOURCE,
  type SignalRoute,
  signalRouteNote,
  unknownNtStatusText,
  unnamedSignalText,
} from './conventions.js';
import type { SignalHit, ValueHit } from './hit.js';
import type { ExitCodeTable, NtStatusEntry, PlainExitEntry } from './table.js';
import {
  hex8,
  hexShort,
  INT32_MIN,
  ntStatusFields,
  toSigned32,
  toUnsigned32,
  type Widened,
} from './values.js';

const MAX_SIGNAL = 64;

/** Readings of a death by signal; empty when the signal cannot be placed (unknown name, no number). */
export function readSignal(
  hit: Pick<SignalHit, 'number' | 'name' | 'input'>,
  table: ExitCodeTable,
  route: SignalRoute = 'direct',
): DecodedExitCode[] {
  const name = hit.name?.toUpperCase();
  const entry =
    (name ? table.signals.find((s) => s.name === name) : undefined) ??
    (hit.number !== undefined ? table.signals.find((s) => s.number === hit.number) : undefined);
  const n = hit.number ?? entry?.number;
  if (n === undefined || n < 1 || n > MAX_SIGNAL) return [];
  const texts = entry ?? unnamedSignalText(n, name);
  const renumbered =
    entry && entry.number !== n
      ? `This log numbers ${entry.name} as ${n}; crashbot's table (Linux numbering) has ${entry.number}: signal numbers differ between platforms. `
      : '';
  const routeSource =
    route === 'shell' ? SHELL_SIGNAL_SOURCE : route === 'returncode' ? RETURNCODE_SIGNAL_SOURCE : '';
  return [
    {
      input: hit.input,
      platform: 'posix',
      name: entry?.name ?? name ?? `signal ${n}`,
      hex: hexShort(128 + n),
      signed: -n,
      unsigned: 128 + n,
      meaning: signalRouteNote(route, n) + renumbered + texts.meaning,
      mlCauses: texts.mlCauses,
      signal: n,
      source: entry?.source ?? (routeSource || SHELL_SIGNAL_SOURCE),
    },
  ];
}

/** Readings of a number, ordered by how it was printed (see ValueRoute). */
export function readValue(hit: ValueHit, table: ExitCodeTable): DecodedExitCode[] {
  if (hit.widened) return readWidened(hit, hit.widened, table);
  const v = hit.value;
  const u = toUnsigned32(v);
  const input = hit.input;
  const nt = table.ntstatus.find((e) => e.unsigned === u);
  const plain = table.plain.find((e) => e.code === v);
  const rcSignal = v <= -1 && v >= -MAX_SIGNAL ? -v : undefined;
  const shellSignal = v > 128 && v <= 128 + MAX_SIGNAL ? v - 128 : undefined;
  const ntShaped =
    !nt && rcSignal === undefined && (u >= 0x80000000 || (hit.route === 'hex' && u >= 0x40000000));

  const ntR = nt ? [fromNtStatus(nt, input)] : [];
  const shapedR = ntShaped ? [fromUnknownNtStatus(u, input)] : [];
  const plainR = plain ? [fromPlain(plain, input)] : [];
  const shellR = shellSignal ? readSignal({ number: shellSignal, input }, table, 'shell') : [];
  const rcR = rcSignal ? readSignal({ number: rcSignal, input }, table, 'returncode') : [];
  const bareR =
    hit.route === 'bare' && table.signals.some((s) => s.number === v)
      ? readSignal({ number: v, input }, table, 'direct')
      : [];

  // A value with NTSTATUS's reserved bit set is no NTSTATUS: typed in decimal, it is more
  // likely a program's own negative status (exit(-100)).
  const shapedLast = ntShaped && hit.route !== 'hex' && ntStatusFields(u).reserved;
  const genericR =
    v !== 0 && !nt && (rcSignal === undefined || hit.route !== 'returncode') ? [fromGeneric(v, input)] : [];

  if (hit.route === 'hex') {
    const known = [...ntR, ...shapedR, ...plainR, ...shellR];
    return known.length ? known : genericR;
  }
  // Shells never print a negative status: outside a returncode, -N reads as a signal first
  // only when N is a signal the table describes (-9 yes; PyCharm's "exit code -1" no).
  const rcFirst =
    hit.route === 'returncode' ||
    (rcSignal !== undefined && table.signals.some((s) => s.number === rcSignal));
  if (rcFirst) return [...rcR, ...ntR, ...plainR, ...shellR, ...shapedR, ...genericR];
  if (rcR.length) return [...genericR, ...rcR];
  return shapedLast
    ? [...ntR, ...plainR, ...shellR, ...rcR, ...genericR, ...shapedR, ...bareR]
    : [...ntR, ...plainR, ...shellR, ...rcR, ...shapedR, ...genericR, ...bareR];
}

/**
 * A negative code printed as an unsigned 64-bit number. Exact digits read as the code itself.
 * Through a double, the number stands for every code within `spread` of it: the table's codes
 * there, in the table's order (the commonest crash codes first), or the range when it has none.
 */
function readWidened(hit: ValueHit, widened: Widened, table: ExitCodeTable): DecodedExitCode[] {
  const { widened: _, ...plain } = hit;
  const v = hit.value;
  const withNote = (note: string) => (r: DecodedExitCode) => ({ ...r, meaning: note + r.meaning });
  if (widened.spread === 0) {
    const note = `${widened.printed} is ${hex8(toUnsigned32(v))} (${v}) widened to 64 bits and printed unsigned. `;
    return readValue(plain, table).map(withNote(note));
  }
  const low = Math.max(INT32_MIN, v - widened.spread);
  const high = Math.min(-1, v + widened.spread);
  const range = `${hex8(toUnsigned32(low))} to ${hex8(toUnsigned32(high))}`;
  const near = table.ntstatus.filter((e) => e.signed >= low && e.signed <= high);
  const note =
    `${widened.printed} is a negative 32-bit exit code widened to 64 bits, read unsigned and printed ` +
    `through a double, which keeps only its first 17 digits: it stands for any code from ${range}. ` +
    (near.length > 1
      ? `crashbot's table has ${near.length} codes there (${near.map((e) => e.hex).join(', ')}), offered in the table's order. `
      : near.length === 0
        ? "crashbot's table has no code there. "
        : '');
  if (near.length === 0) {
    const unknown = fromUnknownNtStatus(toUnsigned32(v), hit.input);
    return [{ ...unknown, name: `NTSTATUS ${range}`, meaning: note + unknown.meaning }];
  }
  return near.map((e) => fromNtStatus(e, hit.input)).map(withNote(note));
}

function fromNtStatus(e: NtStatusEntry, input: string): DecodedExitCode {
  return {
    input,
    platform: 'windows',
    name: e.name,
    hex: e.hex,
    signed: e.signed,
    unsigned: e.unsigned,
    meaning: e.meaning,
    mlCauses: e.mlCauses,
    source: e.source,
  };
}

function fromPlain(e: PlainExitEntry, input: string): DecodedExitCode {
  return {
    input,
    platform: e.platform,
    name: e.name,
    hex: e.platform === 'windows' ? hex8(e.code) : hexShort(e.code),
    signed: e.code,
    unsigned: e.code,
    meaning: e.meaning,
    mlCauses: e.mlCauses,
    source: e.source,
  };
}

function fromUnknownNtStatus(u: number, input: string): DecodedExitCode {
  const hex = hex8(u);
  return {
    input,
    platform: 'windows',
    name: `NTSTATUS ${hex}`,
    hex,
    signed: toSigned32(u),
    unsigned: u,
    ...unknownNtStatusText(u),
    source: NTSTATUS_LAYOUT_SOURCE,
  };
}

function fromGeneric(v: number, input: string): DecodedExitCode {
  const posix = v >= 0 && v <= 255;
  return {
    input,
    platform: posix ? 'posix' : 'windows',
    name: `exit status ${v}`,
    hex: posix ? hexShort(v) : hex8(toUnsigned32(v)),
    signed: posix ? v : toSigned32(v),
    unsigned: posix ? v : toUnsigned32(v),
    ...genericStatusText(v),
    source: GENERIC_STATUS_SOURCE,
  };
}
