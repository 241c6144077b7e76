// The crash store's types live with the use cases that need them (src/app/ports.ts);
// the store implements them.
export type {
  ChannelRef,
  ChannelSettings,
  ClaimRequest,
  ClaimResult,
  CrashRecord,
  CrashStore,
  DeliveryClaimsPort,
  DeliveryState,
  DeliveryTake,
  EmptyWeek,
  EventGuardPort,
  FeedbackInput,
  FeedbackVerdict,
  MessageMeta,
  NewCrashRecord,
  SettingsPatch,
  SettingsResult,
  SummarySourcePort,
  TakenOver,
  WeeklyPostPort,
} from '../app/ports.js';
