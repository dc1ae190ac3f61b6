// The media module's public surface: other modules import it only from here (ADR 079).
export { affectedPostSummary } from "./affected-summary";
export { Media, MediaPage } from "./answer-schema";
export { MediaCaptions } from "./captions";
export { mediaFilesOf } from "./keys";
export { MediaLibrary, mediaDeletion } from "./library";
export { MAX_FILES_PER_UPLOAD, megabytes, UPLOAD_PART_SIZE } from "./limits";
export { liveChannelOf } from "./live-posts";
export { canPrepareFor, needsPreparing, prepareMessage } from "./prepare";
export type { MediaJson, MediaRow } from "./present";
export { presentMedia } from "./present";
export { mediaRoutes } from "./routes";
export type { MEDIA_SORTS } from "./schema";
export {
  completeUploadSchema,
  listMediaSchema,
  prepareVariantSchema,
  startUploadSchema,
  updateMediaSchema,
  uploadFieldsSchema,
} from "./schema";
export { mediaFileRoutes } from "./serve-routes";
export { MediaUrlSigner } from "./signed-url";
export { MediaUploads } from "./uploads";
export { MediaVariants } from "./variants";
