import { z } from "zod";
import { Invalid } from "../errors";
import { PostMessages, scheduledDateSchema, scheduledInstant } from "../posts";

/** What POST /api/posts/:id/approve|reject and the Approvals page's action accept and answer. */
export const approveBody = z.object({
  /** A new time, needed when the one asked for has passed (ISO, or local date and time). */
  scheduledDate: scheduledDateSchema.optional(),
  timezone: z.string().max(64).optional(),
});
export const rejectBody = z.object({
  comment: z
    .string()
    .trim()
    .min(1, "Please say what needs to change.")
    .max(2000, "Keep the comment under 2,000 characters."),
});

export const ApprovalReplies = { approved: "Post approved", rejected: "Post sent back to its author" } as const;

/** The approver's new time as an instant (undefined: none given), in its zone or else the workspace's. */
export function approvalNewTime(body: z.output<typeof approveBody>, workspaceTimezone: string): number | undefined {
  const newTime = scheduledInstant(body.scheduledDate, body.timezone ?? workspaceTimezone);
  if (newTime === null || Number.isNaN(newTime)) throw new Invalid(PostMessages.scheduleInvalid);
  return newTime;
}
