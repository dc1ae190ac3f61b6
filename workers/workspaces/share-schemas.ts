import { z } from "zod";
import { CLIENT_DECISIONS } from "../db/schema/approvals";
import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS, SHARE_LINK_MAX_POSTS, ShareMessages } from "./share-link-rules";

const instant = z.iso.datetime({ offset: true, error: "Use a date and time like 2026-05-01T00:00:00Z." });

export const shareLinkInput = z
  .object({
    label: z
      .string()
      .trim()
      .min(1, "Give the link a name (the client sees it).")
      .max(100, "Keep the name under 100 characters."),
    /** The posts to share; or a date range, whose planned posts are fixed when the link is made. */
    postIds: z
      .array(z.string().min(1).max(64))
      .min(1, "Choose at least one post to share.")
      .max(SHARE_LINK_MAX_POSTS, `Share at most ${SHARE_LINK_MAX_POSTS} posts in one link.`)
      .optional(),
    from: instant.optional(),
    to: instant.optional(),
    expiresInDays: z
      .number()
      .int()
      .min(1, "A link lives at least a day.")
      .max(SHARE_LINK_MAX_DAYS, `A link lives at most ${SHARE_LINK_MAX_DAYS} days.`)
      .default(SHARE_LINK_DEFAULT_DAYS),
  })
  .refine((v) => v.postIds !== undefined || (v.from !== undefined && v.to !== undefined), {
    message: "Choose posts or a date range to share.",
  })
  .refine((v) => v.from === undefined || v.to === undefined || Date.parse(v.from) < Date.parse(v.to), {
    message: "The range must end after it starts.",
  });
export type ShareLinkInput = z.infer<typeof shareLinkInput>;

export const shareLinkQuery = z.object({ postId: z.string().max(64).optional() });

export const clientReviewInput = z
  .object({
    decision: z.enum(CLIENT_DECISIONS, { error: "Choose Approve or Request changes." }),
    comment: z.string().trim().max(2000, "Keep the comment under 2,000 characters.").optional(),
  })
  .refine((v) => v.decision === "approved" || (v.comment ?? "") !== "", { message: ShareMessages.commentNeeded });
export type ClientReviewInput = z.infer<typeof clientReviewInput>;

const link = z.object({
  id: z.string(),
  label: z.string(),
  postIds: z.array(z.string()),
  state: z.enum(["active", "expired", "revoked"]),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export const ShareData = {
  link,
  created: link.extend({ url: z.string().describe("Shown once: only its hash is stored") }),
  links: z.object({ links: z.array(link) }),
};
