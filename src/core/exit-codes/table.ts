// The exit-code tables, compiled from knowledge/exit-codes/*.yaml.

export interface NtStatusEntry {
  name: string;
  /** 0xC0000409: upper-case hex digits, 8 of them. */
  hex: string;
  unsigned: number;
  signed: number;
  meaning: string;
  mlCauses: string;
  source: string;
}

export interface SignalEntry {
  name: string;
  number: number;
  meaning: string;
  mlCauses: string;
  source: string;
}

export interface PlainExitEntry {
  /** A non-signal POSIX/Windows exit status with a settled meaning (e.g. 3 from Windows abort()). */
  code: number;
  platform: 'windows' | 'posix';
  name: string;
  meaning: string;
  mlCauses: string;
  source: string;
}

export interface ExitCodeTable {
  ntstatus: readonly NtStatusEntry[];
  signals: readonly SignalEntry[];
  plain: readonly PlainExitEntry[];
}
