// The crash store's types live with the use cases that need them (src/app/ports.ts);
// the store implements them.
export type {
  ChannelRef,
  ChannelSettings,
  ClaimRequest,
  ClaimResult,
  CrashRecord,
  CrashStore,
  EmptyWeek,
  EventGuardPort,
  FeedbackInput,
  FeedbackVerdict,
  MessageMeta,
  NewCrashRecord,
  SettingsPatch,
  SettingsResult,
  SummarySourcePort,
  WeeklyPostPort,
} from '../app/ports.js';
