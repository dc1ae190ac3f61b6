import type { PostComments } from "../../../workers/workspaces/index";
import { type Mentionable, mentionSpans } from "../../../workers/workspaces/public";
import type { PostJson } from "./types";

export type TeamComment = Awaited<ReturnType<PostComments["list"]>>[number];
type ClientReview = PostJson["clientReviews"][number];

/** One entry of a post's discussion: a member's comment or a client's decision through a share link. */
export type ThreadEntry =
  | { kind: "comment"; id: string; at: string; comment: TeamComment }
  | { kind: "client"; id: string; at: string; review: ClientReview };

/** Members' comments and clients' reviews as one thread, oldest first. */
export function discussionThread(comments: readonly TeamComment[], reviews: readonly ClientReview[]): ThreadEntry[] {
  const entries: ThreadEntry[] = [
    ...comments.map((comment) => ({ kind: "comment" as const, id: comment.id, at: comment.createdAt, comment })),
    ...reviews.map((review) => ({ kind: "client" as const, id: review.id, at: review.createdAt ?? "", review })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** A comment's text cut into plain parts and the @mentions it resolved to (those are highlighted). */
export function commentParts(
  comment: Pick<TeamComment, "body" | "mentions">,
  members: readonly Mentionable[],
): Array<{ text: string; mention: boolean }> {
  const mentioned = members.filter((m) => comment.mentions.includes(m.id));
  const parts: Array<{ text: string; mention: boolean }> = [];
  let from = 0;
  for (const span of mentionSpans(comment.body, mentioned)) {
    if (span.start > from) parts.push({ text: comment.body.slice(from, span.start), mention: false });
    parts.push({ text: comment.body.slice(span.start, span.end), mention: true });
    from = span.end;
  }
  if (from < comment.body.length) parts.push({ text: comment.body.slice(from), mention: false });
  return parts;
}
