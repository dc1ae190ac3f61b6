// What the UI may use of the media module: client-safe schemas, constants and pure rules (ADR 079).
export {
  ACCEPTED_TYPES,
  humanSize,
  MAX_BYTES,
  MAX_FILES_PER_UPLOAD,
  MediaMessages,
  sizeProblem,
  WARN_RATIO,
} from "./limits";
export * from "./prepare";
