// What the UI may use of the posts module: client-safe schemas, constants and pure rules (ADR 079).
// From caption.ts itself, not through rules.ts: its schemas (zod) and twitter-text stay out of pages that only show a caption (ADR 104).
export { allHashtags, captionOf } from "./caption";
export { captionLength, characterLimitFor } from "./caption-length";
export type { ChannelOptions } from "./channel-version";
export {
  effectiveVersion,
  LINKEDIN_VISIBILITY,
  MASTODON_VISIBILITY,
  MAX_THREAD_PARTS,
  optionApplies,
  storedVersion,
  YOUTUBE_PRIVACY,
} from "./channel-version";
export type { PostFormat } from "./formats";
export { formatLabel, formatsOf, shortVerdict } from "./formats";
export { MAX_LABELS_PER_POST, PostLabelMessages, postLabelIdsSchema } from "./label-choices";
export { actionLabel, LOCAL_POST_ACTIONS, LOCAL_POST_TYPES } from "./local-post";
export { PIN_TITLE_MAX } from "./pin-rules";
export type { PostFields } from "./rules";
export {
  CHARACTER_LIMITS,
  PostMessages,
  platformsUsingBase,
  postFieldsSchema,
  postProblems,
  YOUTUBE_TITLE_MAX,
} from "./rules";
export { formatLocal, localDayBounds, localToUtc, ScheduleMessages, utcToLocal } from "./schedule-time";
