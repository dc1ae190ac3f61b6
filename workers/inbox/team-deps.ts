import type { People } from "../tenancy/people";
import type { LiveEvent } from "./live";
import type { Sentiment } from "./team-rules";

/**
 * What the inbox's team features use from the rest of the app, as plain functions the services wire up
 * (ADR 084): the inbox imports no other feature module for them, so those modules may import the inbox.
 */
export interface TeamDeps {
  /** The workspace's members, with the role that decides who approves drafts. */
  members: (workspaceId: string) => Promise<Array<{ userId: string; displayName: string; role: string }>>;
  /** Members' names by id, from the directory (ADR 081): notes' authors and the measures' members. */
  people: Pick<People, "byIds">;
  /** An in-app notice (the bell) that is also emailed. */
  notify: (notice: {
    workspaceId: string;
    userId: string;
    kind: "inbox_assigned" | "inbox_draft";
    postId: null;
    message: string;
    subject: string;
    path: string;
  }) => Promise<void>;
  /** A webhook event for the workspace's endpoints. */
  emit: (
    workspaceId: string,
    type: "inbox.item.created" | "inbox.item.replied",
    data: Record<string, unknown>,
  ) => Promise<void>;
  /** Several events of one type for the workspace's endpoints at once (a delivery's new items). */
  emitEach: (workspaceId: string, type: "inbox.item.created", datas: Array<Record<string, unknown>>) => Promise<void>;
  /** Tells the workspace's open inboxes; best effort (a page without it revalidates on its own). */
  live: (workspaceId: string, event: LiveEvent) => Promise<void>;
  /** The AI provider's reading of an item: its sentiment and a suggested reply. */
  assist: (input: {
    text: string;
    author: string;
    network: string;
  }) => Promise<{ sentiment: Sentiment; reply: string }>;
}
