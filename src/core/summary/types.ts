// What a weekly summary is computed from, and what it says. The store supplies a
// SummarySource; summarizeWeek turns it into a WeeklySummary; summaryReply renders it.

/** One stored crash, as much of it as a summary reads. */
export interface SummaryRecord {
  /** Epoch milliseconds. */
  at: number;
  fingerprint: string;
  topCause: string;
  userHash: string;
  framework: string | null;
  /** A human label for the fingerprint (normalised evidence line), or null. */
  signature: string | null;
}

export interface FeedbackCounts {
  /** Votes saying the reply fixed it. */
  fixed: number;
  /** Votes saying the reply was wrong. */
  wrong: number;
}

/** The store's answer for one channel and week. */
export interface SummarySource {
  /** Records of this week and of the week before it. */
  records: readonly SummaryRecord[];
  /** Fingerprint -> first time this channel saw it (epoch ms), for this week's fingerprints. */
  firstSeen: Readonly<Record<string, number>>;
  /** Feedback on replies to this week's records. */
  feedback: FeedbackCounts;
}

export interface CauseCount {
  cause: string;
  count: number;
  previous: number;
}

export interface CrashGroup {
  fingerprint: string;
  cause: string;
  signature: string | null;
  count: number;
  people: number;
  /** Epoch ms of the first record this channel has of it. */
  firstSeen: number;
}

export interface WeeklySummary {
  week: string;
  timeZone: string;
  crashes: number;
  previousCrashes: number;
  distinctCrashes: number;
  people: number;
  topCauses: CauseCount[];
  /** Every cause of this week with its count last week, most crashes first (the chart's legend). */
  causes: CauseCount[];
  /** Fingerprints first seen this week. */
  newCrashes: CrashGroup[];
  /** Fingerprints seen this week that were first seen before it. */
  recurring: CrashGroup[];
  frameworks: { framework: string; count: number }[];
  feedback: FeedbackCounts & { helpfulRate: number | null };
  /** The week's seven local days (Monday first), each with its count per cause. */
  days: { date: string; counts: Record<string, number> }[];
}
