import { describe, expect, it } from "vitest";
import { utcToLocal } from "../posts/schedule-time";
import { endOfDate, freshText, nextSlot, pickInTurn } from "./rules";

const DAY = 24 * 3600_000;
const local = (at: number, tz: string) => {
  const l = utcToLocal(at, tz);
  return `${l.localDate} ${l.localTime}`;
};
const entry = (postId: string, addedAt: number, lastQueuedAt: number | null) => ({ postId, addedAt, lastQueuedAt });

describe("a category's next slot", () => {
  const tz = "Europe/Berlin";
  const tuesdayNine = [{ day: 2, time: "09:00" }];

  it("stays 09:00 local on the week the clocks go forward (Sunday 29 March 2026) and back (25 October)", () => {
    const before = nextSlot({ slots: tuesdayNine, endsAt: null }, tz, Date.parse("2026-03-25T12:00:00Z"))!;
    const after = nextSlot({ slots: tuesdayNine, endsAt: null }, tz, before)!;
    expect([local(before, tz), local(after, tz)]).toEqual(["2026-03-31 09:00", "2026-04-07 09:00"]);
    expect(new Date(before).toISOString()).toBe("2026-03-31T07:00:00.000Z"); // CEST
    const autumn = nextSlot({ slots: tuesdayNine, endsAt: null }, tz, Date.parse("2026-10-21T12:00:00Z"))!;
    const previous = nextSlot({ slots: tuesdayNine, endsAt: null }, tz, Date.parse("2026-10-14T12:00:00Z"))!;
    expect(new Date(previous).toISOString()).toBe("2026-10-20T07:00:00.000Z"); // CEST
    expect(new Date(autumn).toISOString()).toBe("2026-10-27T08:00:00.000Z"); // CET: a week of 169 hours
    expect(autumn - previous).toBe(7 * DAY + 3600_000);
  });

  it("has none past its end date (the whole end day counts, in the zone) or without slots", () => {
    const from = Date.parse("2026-06-01T06:00:00Z"); // Monday
    const endsTuesday = endOfDate("2026-06-02", tz);
    expect(local(endsTuesday, tz)).toBe("2026-06-02 23:59");
    expect(nextSlot({ slots: tuesdayNine, endsAt: endsTuesday }, tz, from)).toBe(Date.parse("2026-06-02T07:00:00Z"));
    expect(nextSlot({ slots: tuesdayNine, endsAt: endOfDate("2026-06-01", tz) }, tz, from)).toBeNull();
    expect(nextSlot({ slots: [], endsAt: null }, tz, from)).toBeNull();
  });

  it("ends a day of 23 hours at its own midnight", () => {
    expect(new Date(endOfDate("2026-03-29", tz) + 1).toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });
});

describe("whose turn it is", () => {
  const slot = Date.parse("2026-06-10T07:00:00Z");

  it("takes posts never repeated first, in the order they joined, then the one that waited longest", () => {
    const posts = [
      entry("a", 1, slot - 20 * DAY),
      entry("b", 3, null),
      entry("c", 2, null),
      entry("d", 0, slot - 30 * DAY),
    ];
    expect(pickInTurn(posts, slot, 7)?.postId).toBe("c");
    expect(pickInTurn(posts.slice(0, 2), slot, 7)?.postId).toBe("b");
    expect(pickInTurn([posts[0]!, posts[3]!], slot, 7)?.postId).toBe("d");
  });

  it("skips a post inside its gap, counted from its last slot, and returns none when all are", () => {
    const posts = [entry("a", 0, slot - 6 * DAY), entry("b", 1, slot - 7 * DAY)];
    expect(pickInTurn(posts, slot, 7)?.postId).toBe("b");
    expect(pickInTurn(posts, slot, 8)).toBeNull();
    expect(pickInTurn([], slot, 1)).toBeNull();
  });

  it("goes round in turn: each pick moved to the slot it took comes last", () => {
    let posts = [entry("a", 0, null), entry("b", 1, null), entry("c", 2, null)];
    const order: string[] = [];
    for (let week = 0; week < 6; week++) {
      const at = slot + week * 7 * DAY;
      const pick = pickInTurn(posts, at, 14)!;
      order.push(pick.postId);
      posts = posts.map((p) => (p.postId === pick.postId ? { ...p, lastQueuedAt: at } : p));
    }
    expect(order).toEqual(["a", "b", "c", "a", "b", "c"]);
  });
});

describe("a repeat on a network that refuses identical posts", () => {
  it("carries the first text the channel has not had: its own version, the post's text, the AI's rewrite", () => {
    const version = "Tip: oil your pan first";
    const base = "Our kitchen tip of the week: oil the pan, not the food";
    const rewrite = "Kitchen tip: oil goes on the pan, not the food";
    expect(freshText([version, base, rewrite], new Set([base]))).toBe(version);
    expect(freshText([version, base, rewrite], new Set([version]))).toBe(base);
    expect(freshText([null, base, rewrite], new Set([base]))).toBe(rewrite);
    expect(freshText([null, base, base], new Set([base]))).toBeNull();
    expect(freshText([null, base, undefined], new Set([base]))).toBeNull();
  });
});
