import { beforeAll, describe, expect, it } from "vitest";
import { insertFacebookComments } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { dbOf } from "../test/shards";
import { LIST_WALK_MAX } from "./list-store";

/**
 * The list's filters read an index range, not the workspace's items (ADR 102): a label's rows carry their item's
 * time and status, kept in step by every write that opens or closes items, and a filter its index does not hold
 * walks at most LIST_WALK_MAX entries and says where to go on.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
const MINUTE = 60_000;
const ITEMS = LIST_WALK_MAX + 300;

let owner: User;
let ws: string;
let newest: number;
const opts = () => ({ token: owner.token, headers: { "X-Workspace-Id": ws } });
const list = async (query: string) => {
  const res = await call<"GET /api/inbox">(`/api/inbox?${query}`, opts());
  expect(res.status).toBe(200);
  const data = res.body.data as {
    items: Array<{ id: string; createdAt: string; labels: string[] }>;
    next: string | null;
  };
  return { ...data, read: Number(res.headers.get("X-D1-Rows-Read")) };
};
const bulk = async (body: Record<string, unknown>) =>
  expect((await call("/api/inbox/bulk", { ...opts(), method: "POST", body })).status).toBe(200);

describe("inbox list filters at any size", () => {
  beforeAll(async () => {
    owner = await registerUser();
    ws = owner.user.id;
    newest = Date.now() - MINUTE;
    // `ITEMS` comments one minute apart, the newest first as `i0`; the oldest and every third after it are open.
    await insertFacebookComments(ws, ITEMS, newest, 3);
  });

  it("finds a label's items from the label's own index, with the status they have now", async () => {
    // Two done items and the oldest, open, all far past the walk's reach from the newest.
    const rare = [ITEMS - 3, ITEMS - 2, ITEMS - 1].map((i) => `${ws}-i${i}`);
    await bulk({ action: "label", ids: rare, label: "VIP" });

    const all = await list("status=all&label=vip");
    expect(all.items.map((i) => i.id)).toEqual(rare);
    expect(all.items.every((i) => i.labels.includes("vip"))).toBe(true);
    expect(all.next).toBeNull();
    const open = await list("status=open&label=vip");
    expect(open.items.map((i) => i.id)).toEqual([rare[2]]);
    // A handful of label rows and items, the page's lookups and the open count (up to 1,000): not the 1,300 items.
    expect(open.read).toBeLessThan(1_000 + 100);

    // Done in bulk, one reopened: the label's rows move with their items.
    await bulk({ action: "done", ids: [rare[2]] });
    await bulk({ action: "open", ids: [rare[0]] });
    expect((await list("status=open&label=vip")).items.map((i) => i.id)).toEqual([rare[0]]);
    expect((await list("status=done&label=vip")).items.map((i) => i.id)).toEqual([rare[1], rare[2]]);
    // A label added to an item that was already done takes its status.
    const done = `${ws}-i${ITEMS - 6}`;
    await bulk({ action: "label", ids: [done], label: "vip" });
    expect((await list("status=done&label=vip")).items.map((i) => i.id)).toEqual([done, rare[1], rare[2]]);
  });

  it("walks at most LIST_WALK_MAX entries for a filter its index lacks, and says where to go on", async () => {
    // Every item is on Facebook: none on Instagram, so the walk ends at its limit with an empty page.
    const none = await list("status=all&platform=instagram");
    expect(none.items).toEqual([]);
    expect(none.next).toMatch(new RegExp(`^${newest - (LIST_WALK_MAX - 1) * MINUTE}:\\d+$`));
    expect(none.read).toBeLessThan(3 * LIST_WALK_MAX + 1_000 + 100);
    // Going on from there reaches the rest, and the end.
    const rest = await list(`status=all&platform=instagram&before=${none.next}`);
    expect(rest).toMatchObject({ items: [], next: null });

    // Assigned to the owner, any status: found past the walk by going on, newest first.
    const far = `${ws}-i${LIST_WALK_MAX + 10}`;
    await bulk({ action: "assign", ids: [`${ws}-i5`, far], assigneeId: owner.user.id });
    const mine = await list("status=all&assigned=me");
    expect(mine.items.map((i) => i.id)).toEqual([`${ws}-i5`]);
    const older = await list(`status=all&assigned=me&before=${mine.next}`);
    expect(older.items.map((i) => i.id)).toEqual([far]);
    expect(older.next).toBeNull();
  });

  it("reads a page with its labels, notes and read marks in one D1 call, as the count reads its number", async () => {
    const item = `${ws}-i1`;
    await bulk({ action: "label", ids: [item], label: "urgent" });
    await bulk({ action: "label", ids: [item], label: "billing" });
    const note = { ...opts(), method: "POST" as const, body: { text: "Called back" } };
    expect((await call(`/api/inbox/${item}/notes`, note)).status).toBe(201);
    const read = { ...opts(), method: "POST" as const, body: { ids: [item] } };
    expect((await call("/api/inbox/read", read)).status).toBe(200);

    const page = await call<"GET /api/inbox">("/api/inbox?status=all&limit=3", opts());
    expect(page.body.data.items.map((i) => [i.id, i.labels, i.notes, i.read])).toEqual([
      [`${ws}-i0`, [], 0, false],
      [item, ["billing", "urgent"], 1, true],
      [`${ws}-i2`, [], 0, false],
    ]);
    const count = await call<"GET /api/inbox/count">("/api/inbox/count", opts());
    expect(page.body.data.open).toBe(count.body.data.open);
    // The request's own calls (session, workspace) and one more: each call to D1 is a round trip.
    const calls = (res: { headers: Headers }) => Number(res.headers.get("X-D1-Calls"));
    expect(calls(page)).toBe(calls(count));
  });

  it("pages a filter its index holds through the index alone", async () => {
    const first = await list("status=done&platform=facebook&limit=20");
    expect(first.items).toHaveLength(20);
    expect(first.read).toBeLessThan(1_000 + 200);
    const second = await list(`status=done&platform=facebook&limit=20&before=${first.next}`);
    expect(Date.parse(second.items[0]!.createdAt)).toBeLessThan(Date.parse(first.items.at(-1)!.createdAt));
  });

  it("pages through items of the same second once each, by the index's order and by a label's", async () => {
    const other = await registerUser();
    const ws2 = other.user.id;
    // Networks stamp comments to the second: five arrive at once.
    await insertFacebookComments(ws2, 5, newest);
    const ids = [0, 1, 2, 3, 4].map((i) => `${ws2}-i${i}`);
    const mine = { token: other.token };
    expect((await call("/api/inbox/bulk", { ...mine, body: { action: "label", ids, label: "same" } })).status).toBe(
      200,
    );
    const db = await dbOf(ws2);
    await db.batch([
      db.prepare("UPDATE inbox_items SET created_at = ? WHERE workspace_id = ?").bind(newest, ws2),
      db.prepare("UPDATE inbox_labels SET created_at = ? WHERE workspace_id = ?").bind(newest, ws2),
    ]);
    for (const filter of ["status=all", "status=open", "status=all&label=same"]) {
      const seen: string[] = [];
      let before = "";
      for (let page = 0; page < 5; page++) {
        const res = await call<"GET /api/inbox">(`/api/inbox?${filter}&limit=2${before}`, mine);
        expect(res.status, res.body.message).toBe(200);
        seen.push(...res.body.data.items.map((i) => i.id));
        if (!res.body.data.next) break;
        before = `&before=${encodeURIComponent(res.body.data.next)}`;
      }
      expect([...seen].sort(), filter).toEqual([...ids].sort());
    }
    const bad = await call("/api/inbox?before=yesterday", mine);
    expect([bad.status, bad.body.message]).toEqual([400, "before takes the next of the page before."]);
  });
});
