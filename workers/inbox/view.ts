import type { InboxItemRow } from "./store";

const PREVIEW = 120;

/** An inbox item as the API and the page show it. */
export function itemView(row: { item: InboxItemRow; postContent?: string | null; account?: string | null }) {
  const { item } = row;
  const content = row.postContent ?? null;
  return {
    id: item.id,
    platform: item.platform,
    kind: item.kind,
    accountId: item.accountId,
    account: row.account ?? null,
    author: item.author,
    text: item.text,
    createdAt: new Date(item.createdAt).toISOString(),
    post: item.postId
      ? {
          id: item.postId,
          preview: content && content.length > PREVIEW ? `${content.slice(0, PREVIEW - 1)}…` : content,
        }
      : null,
    status: item.status,
    assigneeId: item.assigneeId,
    /** What was done to the comment on its network from the inbox (ADR 083). */
    hidden: item.hiddenAt != null,
    liked: item.likedAt != null,
    deleted: item.deletedAt != null,
    reply: item.replyState
      ? {
          state: item.replyState,
          text: item.replyText,
          by: item.repliedBy,
          error: item.replyError,
        }
      : null,
  };
}

export type InboxItemView = ReturnType<typeof itemView>;
