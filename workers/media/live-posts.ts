import { sql } from "drizzle-orm";

/**
 * Whether a post has a channel the platform has (published, or sent with its outcome unconfirmed): such a post keeps
 * showing the media it published, even once the file is deleted from the library (ADR 075).
 */
export const liveChannelOf = (postId: unknown) =>
  sql`EXISTS (SELECT 1 FROM post_targets t WHERE t.post_id = ${postId} AND t.status IN ('published', 'unconfirmed'))`;
