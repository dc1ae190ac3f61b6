// What the UI may use of the feedback module: client-safe schemas, constants and pure rules (ADR 079).
export {
  FEEDBACK_MAX_BYTES,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_TYPES,
  FeedbackMessages,
  feedbackSchema,
  needsAttachment,
} from "./schema";
