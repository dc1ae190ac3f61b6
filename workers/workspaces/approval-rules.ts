import type { Role } from "../tenancy/roles";

/** Pure, so the Approvals page can tell the "time has passed" refusal (it asks for a new time) from others. */
export const ApprovalMessages = {
  notPending: "This post is not waiting for approval.",
  timePassed: "The time this post was scheduled for has passed. Choose a new time to approve it.",
} as const;

/**
 * Whether Schedule / Publish Now by this member goes to the Approvals queue instead (ADR 016): always
 * for a contributor, and for everyone when the workspace requires approval.
 */
export function needsApproval(workspace: { approvalRequired: boolean; role: Role }): boolean {
  return workspace.approvalRequired || workspace.role === "contributor";
}

export type ApprovalTiming = { dueAt: number } | { expired: true };

/**
 * When an approved post goes out: now if Publish Now was asked, else at the time asked for. A new time
 * given by the approver replaces it; a time that has passed asks the approver for a new one.
 */
export function approvalDueAt(
  request: { publishNow: boolean; scheduledAt: number | null },
  newTime: number | undefined,
  now: number,
): ApprovalTiming {
  if (newTime !== undefined) return newTime < now ? { expired: true } : { dueAt: newTime };
  if (request.publishNow) return { dueAt: now };
  if (request.scheduledAt === null || request.scheduledAt < now) return { expired: true };
  return { dueAt: request.scheduledAt };
}
