import type { InboxSource } from "../db/schema/value-lists";
import type { Platform } from "../platform-profile";
import type { InboxAdapter, RemoteComment, refreshOnce } from "../platforms";
import { freshComments, nextNewestAt, OVERLAP_MS, WATCH_WINDOW_MS } from "./rules";
import type { SourceRow } from "./source-rules";
import type { InboxStore, NewItem } from "./store";

/**
 * One read per inbox source (ADR 101): each takes what it found in through the keyed insert and says where the
 * source stands after it. A read that throws leaves its source where it was; the poll records why.
 */
export interface Reading {
  store: InboxStore;
  now: number;
  adapter: InboxAdapter;
  access: ReturnType<typeof refreshOnce>;
  account: { id: string; workspaceId: string; platform: Platform; username: string };
  /** The account's published posts of the watch window, with their network ids. */
  targets: Array<{ id: string; postId: string; remoteId: string }>;
  state: Pick<SourceRow, "newestAt" | "remoteCursor">;
}

export interface ReadOutcome {
  added: number;
  newestAt: number | null;
  remoteCursor: string | null;
  /** Items already held that the read changed (an edited review). */
  changed: string[];
}

type Found = RemoteComment & { target: NewItem["target"]; conversationId?: string };
type Read = (r: Reading) => Promise<ReadOutcome>;

/** The account's own replies (a thread's parts, answers sent from here) are not for the inbox. */
function notOwn(r: Reading) {
  // A Mastodon account (`name@instance`) is plain `name` to its own instance.
  const { username } = r.account;
  const own = new Set([username, `@${username}`, username.split("@")[0]]);
  return (c: { author: string }) => !own.has(c.author);
}

/** Writes what a time-read source found from a little before its newest item on, and moves that time on. */
async function takeByTime(r: Reading, found: Found[], kind: NewItem["kind"]): Promise<ReadOutcome> {
  const fresh = freshComments(found, r.state.newestAt, r.now).filter(notOwn(r));
  const added = await r.store.addItems(
    r.account,
    fresh.map((c) => ({ ...c, kind })),
    r.now,
  );
  return { added, newestAt: nextNewestAt(r.state.newestAt, fresh), remoteCursor: null, changed: [] };
}

/** Where a time-read source starts: a little before its newest item, or the watch window on a first read. */
const since = (r: Reading) => (r.state.newestAt == null ? r.now - WATCH_WINDOW_MS : r.state.newestAt - OVERLAP_MS);

const comments: Read = async (r) => {
  const found: Found[] = [];
  for (const target of r.targets) {
    const read = await r.access.call((c) => r.adapter.comments(c, target.remoteId));
    found.push(...read.map((c) => ({ ...c, target })));
  }
  return takeByTime(r, found, "comment");
};

const mentions: Read = async (r) => {
  const read = r.adapter.mentions!;
  const found = await r.access.call((c) => read(c, since(r)));
  // A mention that answers one of our posts belongs to it; the rest stand alone.
  const byRemote = new Map(r.targets.map((t) => [t.remoteId, t]));
  return takeByTime(
    r,
    found.map(({ conversationId, ...c }) => ({ ...c, target: byRemote.get(conversationId ?? "") ?? null })),
    "mention",
  );
};

const messages: Read = async (r) => {
  const read = r.adapter.messages!;
  // Direct messages (ADR 092): one thread per person, read from the source's newest message.
  const found = await r.access.call((c) => read(c, since(r)));
  return takeByTime(
    r,
    found.map((m) => ({ ...m, target: null })),
    "message",
  );
};

const notifications: Read = async (r) => {
  const read = r.adapter.notifications!;
  // The network's own cursor decides what is new: a time filter would drop a late-delivered mention (ADR 091).
  const page = await r.access.call((c) => read(c, r.state.remoteCursor));
  const byRemote = new Map(r.targets.map((t) => [t.remoteId, t]));
  const fresh = freshComments(page.items, null, r.now).filter(notOwn(r));
  const added = await r.store.addItems(
    r.account,
    // A reply to our post is a comment on it; the rest are mentions standing alone.
    fresh.map(({ inReplyTo, ...c }) => {
      const target = byRemote.get(inReplyTo ?? "") ?? null;
      return { ...c, kind: target ? ("comment" as const) : ("mention" as const), target };
    }),
    r.now,
  );
  return { added, newestAt: null, remoteCursor: page.cursor, changed: [] };
};

const reviews: Read = async (r) => {
  const read = r.adapter.reviews!;
  // A review is the location's, under no post, with its stars (ADR 098); one edited since is read again (ADR 101).
  const page = await r.access.call((c) => read(c, r.state.remoteCursor));
  const fresh = freshComments(page.items, null, r.now).map(({ updatedAt, ...c }) => ({
    ...c,
    kind: "review" as const,
    target: null,
    editedAt: editTime(updatedAt, c.createdAt),
  }));
  const added = await r.store.addItems(r.account, fresh, r.now);
  const changed = await r.store.reviseReviews(r.account.id, fresh);
  return { added, newestAt: null, remoteCursor: page.cursor, changed };
};

/** A review's update time when it is later than its creation (an edit), else null. */
function editTime(updatedAt: string | undefined, createdAt: number): number | null {
  const at = Date.parse(updatedAt ?? "");
  return Number.isNaN(at) || at <= createdAt ? null : at;
}

export const SOURCE_READS: Record<InboxSource, Read> = { comments, mentions, messages, notifications, reviews };
