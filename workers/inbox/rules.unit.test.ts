import { describe, expect, it } from "vitest";
import { freshComments, nextNewestAt, OVERLAP_MS, POLL_INTERVAL_MS, pollDue, REPLY_LEASE_MS, replyStep } from "./rules";

const T0 = Date.UTC(2026, 0, 5, 12);
const iso = (ms: number) => new Date(ms).toISOString();

describe("inbox rules", () => {
  it("polls an account never polled, then once per interval", () => {
    expect(pollDue(null, T0)).toBe(true);
    expect(pollDue(T0, T0 + POLL_INTERVAL_MS - 1)).toBe(false);
    expect(pollDue(T0, T0 + POLL_INTERVAL_MS)).toBe(true);
  });

  it("keeps comments from a little before the cursor, so a late-indexed one is not lost", () => {
    const comments = [
      { id: "old", author: "a", text: "old", createdAt: iso(T0 - OVERLAP_MS - 1) },
      { id: "late", author: "b", text: "late", createdAt: iso(T0 - OVERLAP_MS + 1) },
      { id: "new", author: "c", text: "new", createdAt: iso(T0 + 1) },
    ];
    expect(freshComments(comments, T0, T0 + 5).map((c) => c.remoteId)).toEqual(["late", "new"]);
    expect(freshComments(comments, null, T0 + 5)).toHaveLength(3);
  });

  it("moves the cursor to the newest item and never back", () => {
    const taken = freshComments([{ id: "x", author: "a", text: "t", createdAt: iso(T0 - 10) }], null, T0);
    expect(nextNewestAt(T0, taken)).toBe(T0);
    expect(nextNewestAt(null, taken)).toBe(T0 - 10);
    expect(nextNewestAt(T0 - 20, [])).toBe(T0 - 20);
  });

  it("sends once: an answered item is refused, one in flight too, an interrupted or failed one is looked for first", () => {
    expect(replyStep({ replyState: null, replyStartedAt: null }, T0)).toBe("send");
    expect(replyStep({ replyState: "sent", replyStartedAt: T0 }, T0)).toBe("answered");
    expect(replyStep({ replyState: "sending", replyStartedAt: T0 }, T0 + REPLY_LEASE_MS - 1)).toBe("in-flight");
    expect(replyStep({ replyState: "sending", replyStartedAt: T0 }, T0 + REPLY_LEASE_MS)).toBe("look-first");
    expect(replyStep({ replyState: "failed", replyStartedAt: T0 }, T0 + 1)).toBe("look-first");
  });

  it("lets an item edited after our reply be answered again, and only then", () => {
    const sent = { replyState: "sent" as const, replyStartedAt: T0, repliedAt: T0 + 1 };
    expect(replyStep({ ...sent, editedAt: T0 + 2 }, T0 + 3)).toBe("send");
    expect(replyStep({ ...sent, editedAt: T0 }, T0 + 3)).toBe("answered");
    expect(replyStep({ ...sent, editedAt: null }, T0 + 3)).toBe("answered");
  });
});
