import type { InboxItemRow } from "./store";

const PREVIEW = 120;

/** What the list adds per viewer: labels, how many notes, whether the viewer has read it. */
export interface ItemExtras {
  labels: string[];
  notes: number;
  read: boolean;
}

/** An inbox item as the API and the page show it. */
export function itemView(
  row: { item: InboxItemRow; postContent?: string | null; account?: string | null },
  extras?: ItemExtras,
) {
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
    /** A review's stars, 1 to 5 (ADR 098); null for every other kind. */
    rating: item.rating,
    createdAt: new Date(item.createdAt).toISOString(),
    /** When the author last edited it, where the network says (a review, ADR 101); null: never. */
    editedAt: item.editedAt === null ? null : new Date(item.editedAt).toISOString(),
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
          at: item.repliedAt === null ? null : new Date(item.repliedAt).toISOString(),
        }
      : null,
    draft: item.draftText ? { text: item.draftText, by: item.draftBy } : null,
    sentiment: item.sentiment,
    suggestedReply: item.suggestedReply,
    hiddenByRule: item.ruleHiddenAt !== null,
    /** The network's words when it would not hide what a rule hid (ADR 102): hidden in Postline only. */
    hideError: item.hideError,
    handledBy: item.handledBy,
    labels: extras?.labels ?? [],
    notes: extras?.notes ?? 0,
    read: extras?.read ?? false,
  };
}

export type InboxItemView = ReturnType<typeof itemView>;
