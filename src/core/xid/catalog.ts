// NVIDIA's Xid catalogue as crashbot holds it (compiled from knowledge/xid.yaml).

/** What an Xid points at: the application, the driver, the hardware, the GPU (hardware or driver), or another Xid. */
export type XidPoints = 'application' | 'driver' | 'hardware' | 'gpu' | 'follow-on';

/** crashbot's short name for NVIDIA's immediate action. */
export type XidAction =
  | 'restart-app'
  | 'reset-gpu'
  | 'reboot-node'
  | 'follow-other'
  | 'none'
  | 'check-hardware'
  | 'update-software'
  | 'restart-vm'
  | 'contact-support';

export interface XidGuidance {
  action: XidAction;
  text: string;
}

export interface XidRow {
  xid: number;
  mnemonic: string;
  /** NVIDIA's description ("Graphics Engine Exception"). */
  meaning: string;
  points: XidPoints;
  /** NVIDIA's resolution bucket for the immediate action (RESTART_APP, RESET_GPU, ...). */
  immediate: string;
  investigatory: string;
  /** The taxonomy cause an Xid line supports in ranking. */
  cause?: string;
  /** NVIDIA's trigger conditions, paraphrased. */
  note?: string;
}

export interface XidCatalog {
  source: string;
  rows: readonly XidRow[];
  guidance: Readonly<Record<string, XidGuidance>>;
}
