import { z } from "zod";

export const FEEDBACK_TYPES = ["general", "bug", "feature", "improvement", "other"] as const;
export const FEEDBACK_MAX_CHARS = 1000;
export const FEEDBACK_MAX_BYTES = 10 * 1024 * 1024;

export const FeedbackMessages = {
  message: "Please enter your feedback message.",
  tooLong: `Feedback message must be ${FEEDBACK_MAX_CHARS} characters or less.`,
  attachmentRequired:
    "Please upload an image for bug reports and improvement suggestions to help us understand the issue better.",
  attachmentType: "Attachments must be an image, PDF, DOC, DOCX or TXT file.",
  attachmentSize: "Attachment too large. Maximum size is 10MB.",
  email: "Please enter a valid email address",
} as const;

/** Types whose report needs a picture of the problem. */
export const needsAttachment = (type: string) => type === "bug" || type === "improvement";

/** The text fields of the feedback form, shared by the modal and POST /api/feedback. */
export const feedbackSchema = z
  .object({
    type: z.enum(FEEDBACK_TYPES, { error: "Please choose a feedback type." }),
    message: z.string().trim().min(1, FeedbackMessages.message).max(FEEDBACK_MAX_CHARS, FeedbackMessages.tooLong),
    satisfied: z
      .enum(["true", "false", ""])
      .default("")
      .transform((v) => (v === "" ? null : v === "true")),
    email: z
      .string()
      .trim()
      .max(320)
      .default("")
      .refine((v) => v === "" || /^[^\s@]+@[^\s@]+$/.test(v), FeedbackMessages.email),
    hasAttachment: z.boolean(),
  })
  .refine((v) => !needsAttachment(v.type) || v.hasAttachment, { message: FeedbackMessages.attachmentRequired });

/** MIME types a feedback attachment may really be (sniffed from its bytes). */
export const FEEDBACK_ATTACHMENT_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
  "application/msword",
  "application/x-cfb",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/zip",
  "text/plain",
]);
