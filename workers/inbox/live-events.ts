/** What the workspace's open inboxes hear (ADR 084): items to re-read, and who is replying to what. */
export type LiveEvent =
  | { type: "items"; ids: string[]; reason: "created" | "changed" }
  | { type: "presence"; replying: Replying[] };

export interface Replying {
  itemId: string;
  userId: string;
  name: string;
}
