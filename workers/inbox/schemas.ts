import { z } from "zod";
import { PLATFORMS } from "../platform-profile";
import { CURSOR_FORMAT, parseCursor } from "./list-cursor";
import { REPLY_MAX } from "./rules";

/** A page's `next` sent back as `before` (ADR 124): `<createdAt>:<key>`, or a bare time as before. */
export const inboxCursor = z.string().regex(CURSOR_FORMAT, "before takes the next of the page before.");

/** The inbox's request schemas (ADR 069); the page's forms send the same fields. */
export const inboxListQuery = z.object({
  status: z.enum(["open", "done", "all"], { message: "status must be open, done or all" }).default("open"),
  platform: z.enum(PLATFORMS, { message: "Choose one of the connected networks." }).optional(),
  assigned: z.enum(["me"], { message: "assigned takes only me" }).optional(),
  label: z.string().trim().toLowerCase().min(1).max(40).optional(),
  before: inboxCursor
    .transform((v) => parseCursor(v)!)
    .optional()
    .describe("The previous page's next: where this page starts"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const inboxReplyBody = z.object({
  text: z
    .string({ message: "Write a reply first." })
    .trim()
    .min(1, "Write a reply first.")
    .max(REPLY_MAX, `Keep the reply under ${REPLY_MAX.toLocaleString("en-US")} characters.`),
});

export const inboxStatusBody = z.object({
  status: z.enum(["open", "done"], { message: "status must be open or done" }),
});

export const inboxAssignBody = z.object({
  assigneeId: z.string().min(1).nullable(),
});

/** What a member does to the comment on its network (ADR 083). */
export const INBOX_ACTIONS = ["hide", "unhide", "like", "unlike", "delete"] as const;
export const inboxActionBody = z.object({
  action: z.enum(INBOX_ACTIONS, { message: "action must be hide, unhide, like, unlike or delete" }),
});
export type InboxAction = (typeof INBOX_ACTIONS)[number];
