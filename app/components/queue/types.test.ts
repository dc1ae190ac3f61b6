import { describe, expect, it } from "vitest";
import { movedOrder, type QueueJson, queueRequest } from "./types";

const queue = (ids: Array<string | null>): QueueJson => ({
  accountId: "a",
  platform: "twitter",
  username: "x",
  timezone: "UTC",
  ownTimezone: null,
  paused: false,
  slots: [],
  upcoming: ids.map((id, i) => ({
    at: new Date(i * 1000).toISOString(),
    slot: true,
    post: id ? { postId: `p-${id}`, targetId: id, content: id } : null,
  })),
});

describe("queue reorder order", () => {
  it("moves a post among the waiting ones, skipping empty slots", () => {
    expect(movedOrder(queue(["a", null, "b", "c"]), 2, 0)).toEqual(["c", "a", "b"]);
    expect(movedOrder(queue(["a", "b", null, "c"]), 0, 1)).toEqual(["b", "a", "c"]);
  });

  it("asks the server to pick the time", () => {
    expect(queueRequest({ content: "x", scheduledDate: { localDate: "2026-01-01" }, publishNow: true })).toEqual({
      content: "x",
      scheduledDate: null,
      status: "scheduled",
      publishNow: false,
      addToQueue: true,
    });
  });
});
