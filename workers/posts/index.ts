// The posts module's public surface: other modules import it only from here (ADR 079).
export { Post, PostPage, Preflight } from "./answer-schema";
export { captionLength } from "./caption-length";
export {
  HELD_ON_CHANGES,
  HELD_ON_DISCONNECT,
  HELD_ON_MEDIA_DELETE,
  HoldMessages,
  HoldReason,
  RELEASED_ON_RECONNECT,
  releaseOnReconnect,
} from "./channel-holds";
export type { Duplicate } from "./channel-notes";
export type { ChannelOptions, ChannelVersionInput } from "./channel-version";
export { channelKey, effectiveVersion } from "./channel-version";
export { PostDrafts } from "./drafts";
export { excerpt } from "./excerpt";
export type { PostLinkChoicesInput } from "./link-choices";
export { postLinkChoicesSchema, utmValue } from "./link-choices";
export type { Problem } from "./preflight";
export { listPostsSchema, toListQuery } from "./query";
export { earlyPostsList, postRoutes } from "./routes";
export type { PostFields } from "./rules";
export { accountsOf, PostMessages, postFieldsSchema, scheduledDateSchema, scheduledInstant, schedules } from "./rules";
export {
  formatLocal,
  formatLocalDay,
  formatZoned,
  LOCAL_DATE,
  LOCAL_TIME,
  localToUtc,
  ScheduleMessages,
  utcToLocal,
} from "./schedule-time";
export { addToQueueFlag, confirmBody, deleteQuery, sentFields } from "./schemas";
export type { Actor } from "./store";
export { countWaitingPosts, PostStore, unlinkFromPostsNotLive } from "./store";
