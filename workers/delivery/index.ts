// The delivery module's public surface: other modules import it only from here (ADR 079).

export type { EditLock } from "./edit-lock";
export { CLAIM_HORIZON_MS, editLock, inFlightEditMessage } from "./edit-lock";
export { CRASH_RETRY_DELAY_SECONDS, MAX_PUBLISH_ATTEMPTS, MAX_RETRY_DELAY_SECONDS } from "./retry-budget";
export type { StagingRow } from "./staging-state";
export {
  afterStagingFailure,
  EXPIRY_MARGIN_MS,
  fingerprintOf,
  PROCESSING_POLL_MS,
  preparationOf,
  quickCheckDelay,
  STAGING_MIN_AHEAD_MS,
  stagingVerdict,
  usableStaged,
} from "./staging-state";
export type { TargetStatus } from "./state";
export { CHANGES_REQUESTED, decideAfterFailure, delaySecondsUntil, derivePostStatus } from "./state";
