// What the UI may use of the analytics module: client-safe schemas, constants and pure rules (ADR 079).
export {
  CONTENT_TYPE_LABELS,
  LOCATION_METRICS_NOTE,
  POST_COUNT_DEFINITION,
  RATE_NOT_REPORTED,
  rateLeavesOutNote,
  unreportedNote,
} from "./definitions";
