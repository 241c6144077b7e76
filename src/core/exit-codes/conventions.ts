// What crashbot says about a code that has no row in the tables: a signal number outside
// signals.yaml, an NTSTATUS-shaped value outside ntstatus.yaml, a program's own status.
// Each text keeps to what its source supports.
import { hex8, ntStatusFields, SEVERITY_NAMES } from './values.js';

export const SHELL_SIGNAL_SOURCE =
  "bash(1) man page (GNU bash 5.2.15): 'When a command terminates on a fatal signal N, bash uses the value of 128+N as the exit status.' (via ../shared/reference/signals.json)";

export const RETURNCODE_SIGNAL_SOURCE =
  'CPython Lib/subprocess.py: returncode is -N when the child was killed by signal N (via ../shared/reference/signals.json)';

export const GENERIC_STATUS_SOURCE =
  "bash(1) man page (GNU bash 5.2.15), EXIT STATUS: 'An exit status of zero indicates success. A non-zero exit status indicates failure.' Exit statuses fall between 0 and 255.";

export const NTSTATUS_LAYOUT_SOURCE =
  '[MS-ERREF] 2.3 NTSTATUS, learn.microsoft.com/en-us/openspecs/windows_protocols/ms-erref/87fba13e-bf06-450e-83b1-9241dc81e781: Sev (2 bits), C (1 bit, customer), N (1 bit, reserved, must be 0), Facility (12 bits), Code (16 bits)';

/** How a signal death was printed: by a shell (128+N), by Python (-N), or by name. */
export type SignalRoute = 'shell' | 'returncode' | 'direct';

export function signalRouteNote(route: SignalRoute, signal: number): string {
  if (route === 'shell')
    return `Exit status ${128 + signal} = 128 + ${signal}: a shell reports a command that died of signal N as 128+N. `;
  if (route === 'returncode')
    return `Code -${signal}: a negative code -N is how Python's subprocess reports a child killed by signal N. `;
  return '';
}

export function unnamedSignalText(signal: number, name: string | undefined): Texts {
  const which = name ? `signal ${signal} (${name})` : `signal ${signal}`;
  return {
    meaning: `The process was killed by ${which}, which crashbot's table does not describe.`,
    mlCauses: `crashbot cannot say what usually sends it. On Linux, kill -l ${signal} names the signal; the log lines before the exit may say who sent it.`,
  };
}

export interface Texts {
  meaning: string;
  mlCauses: string;
}

export function genericStatusText(value: number): Texts {
  const range =
    value >= 1 && value <= 255
      ? ''
      : ` It is not a POSIX exit status (those are 0 to 255) and not a code in crashbot's tables.`;
  return {
    meaning: `Exit status ${value}, read as the program's own status: non-zero means it failed, but ${value} has no settled meaning, so it does not say why (a generic failure status).${range}`,
    mlCauses:
      'Whatever the program reported before it exited: the error or traceback in the last log lines is the real clue, not this number.',
  };
}

export function unknownNtStatusText(unsigned: number): Texts {
  const f = ntStatusFields(unsigned);
  const hex = hex8(unsigned);
  const parts = [
    `${hex} has the shape of a Windows NTSTATUS code but is not in crashbot's table, so crashbot does not know its name or cause.`,
    `Its bits say: severity ${SEVERITY_NAMES[f.severity]} (bits 31-30 = ${f.severity});`,
    f.customer
      ? 'customer bit set, so it is not a Microsoft-defined code;'
      : 'customer bit clear, so it is in Microsoft-defined numbering;',
    `facility 0x${f.facility.toString(16).toUpperCase()}, code 0x${f.code.toString(16).toUpperCase().padStart(4, '0')}.`,
  ];
  if (f.reserved)
    parts.push('Bit 28 is set, which an NTSTATUS must not have: this may not be an NTSTATUS at all.');
  return {
    meaning: parts.join(' '),
    mlCauses:
      'Unknown to crashbot. The last log lines before the exit usually name the library that failed; search the hex value together with that library.',
  };
}
