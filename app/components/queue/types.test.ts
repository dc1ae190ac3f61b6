import { describe, expect, it } from "vitest";
import { movedOrder, postedSlots, type QueueJson, queueLabel, queueRequest, slotTime } from "./types";

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

describe("an upcoming slot's time", () => {
  it("is the queue's own day and clock, not the viewer's or UTC's", () => {
    // 2026-01-04 23:30 UTC is Monday morning in Tokyo and Sunday evening in New York.
    expect(slotTime("2026-01-04T23:30:00.000Z", "Asia/Tokyo")).toBe("Mon, Jan 5 08:30");
    expect(slotTime("2026-01-04T23:30:00.000Z", "America/New_York")).toBe("Sun, Jan 4 18:30");
    expect(slotTime("2026-01-04T23:30:00.000Z", "UTC")).toBe("Sun, Jan 4 23:30");
  });
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

describe("the slots a Queue form posts", () => {
  const form = (entries: Array<[string, string]>) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };
  const listed: Array<[string, string]> = [
    ["slot", "1 09:00"],
    ["slot", "3 17:30"],
  ];

  it("saves the list as sent (Save slots)", () => {
    expect(postedSlots(form([...listed, ["day", "5"], ["time", "08:00"]]))).toEqual([
      { day: 1, time: "09:00" },
      { day: 3, time: "17:30" },
    ]);
  });

  it("adds the chosen days at the chosen time (Add slot without JavaScript)", () => {
    expect(postedSlots(form([...listed, ["day", "6"], ["day", "7"], ["time", "08:00"], ["add", "1"]]))).toEqual([
      { day: 1, time: "09:00" },
      { day: 3, time: "17:30" },
      { day: 6, time: "08:00" },
      { day: 7, time: "08:00" },
    ]);
  });

  it("refuses Add slot with no day chosen", () => {
    expect(postedSlots(form([...listed, ["time", "08:00"], ["add", "1"]]))).toBeNull();
  });

  it("drops the slot a Remove names, and only that one", () => {
    expect(postedSlots(form([...listed, ["day", "1"], ["remove", "3 17:30"]]))).toEqual([{ day: 1, time: "09:00" }]);
  });
});

describe("queueLabel", () => {
  it("names the account once, without a doubled @ or a raw email", () => {
    expect(queueLabel({ platform: "twitter", username: "bakery" })).toBe("X @bakery");
    expect(queueLabel({ platform: "youtube", username: "@bakerytv" })).toBe("YouTube bakerytv");
    expect(queueLabel({ platform: "linkedin", username: "ana@bakery.example" })).toBe("LinkedIn ana");
    expect(queueLabel({ platform: "instagram", username: "@bakery" })).toBe("Instagram @bakery");
  });
});
