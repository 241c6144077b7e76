// What `crashbot run` needs to bring a crash to a channel: somewhere to post (a sink
// per destination) and somewhere to remember the alert (so the next failure of the
// same job updates it and a green run resolves it).
import type { Reply } from '../../core/reply/model.js';
import type { ChannelRef } from '../summary/ports.js';

/** One place alerts go: a Slack channel, a webhook, a Mattermost channel. */
export interface AlertSink {
  /** Stable and free of secrets (no webhook token): `slack:C0123`, `discord-webhook:1234`. */
  readonly destination: string;
  /** The channel the alert counts in for weekly summaries, when the destination names one. */
  readonly channel: ChannelRef | null;
  /** Whether a posted alert can be edited later (a Slack incoming webhook cannot). */
  readonly canEdit: boolean;
  /** Posts the alert; returns what `update` needs to edit it, or null where edits are impossible. */
  post(reply: Reply): Promise<string | null>;
  update(ref: string, reply: Reply): Promise<void>;
}

export type AlertStatus = 'failing' | 'resolved';

/** What is remembered of a job's alert at one destination. No log text: the cause, counts and times. */
export interface AlertState {
  job: string;
  destination: string;
  /** The sink's reference to the posted message, when it can be edited. */
  ref: string | null;
  status: AlertStatus;
  failures: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
  resolvedAt: Date | null;
  cause: string | null;
}

export interface AlertStatePort {
  getAlert(job: string, destination: string): Promise<AlertState | null>;
  saveAlert(state: AlertState): Promise<void>;
  /**
   * Claims the posting of one run of a job (all ranks of one launch share `runId`):
   * true for the first process to ask, false for every other.
   */
  claimRun(job: string, runId: string, owner: string, now: Date): Promise<boolean>;
}
