import { z } from "zod";

export const MAX_LABELS_PER_POST = 10;

export const PostLabelMessages = {
  perPost: `A post can carry at most ${MAX_LABELS_PER_POST} labels`,
  unknown: "Choose labels of this workspace",
} as const;

/**
 * The labels a post carries (ADR 094), the whole set: sent with the post's write (ADR 105), so a post published at
 * once already has them, or alone to `PUT /api/posts/:id/labels`. Each must be one of the workspace's labels,
 * which the labels module checks before the write.
 */
export const postLabelIdsSchema = z
  .array(z.string().trim().min(1).max(100), { error: PostLabelMessages.unknown })
  .max(MAX_LABELS_PER_POST, PostLabelMessages.perPost)
  .transform((ids) => [...new Set(ids)]);
