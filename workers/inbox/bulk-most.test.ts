import { beforeAll, describe, expect, it } from "vitest";
import { insertFacebookComments } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { addMember, dbOf } from "../test/shards";

/**
 * Bulk actions and read marks on the most items a request may name (100, the schemas' maximum): every statement
 * they run stays within D1's 100 bound parameters (ADR 118), and every item changes, its label rows with it.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
const MOST = 100;

let owner: User;
let teammate: User;
let ws: string;
let ids: string[];
const opts = () => ({ token: owner.token, headers: { "X-Workspace-Id": ws } });
const bulk = (body: Record<string, unknown>) =>
  call<"POST /api/inbox/bulk">("/api/inbox/bulk", { ...opts(), method: "POST", body: { ids, ...body } });
/** All the workspace's items as the API shows them (one page holds them all). */
const items = async (query = "") => {
  const res = await call<"GET /api/inbox">(`/api/inbox?status=all&limit=${MOST}${query}`, opts());
  expect(res.status).toBe(200);
  return res.body.data.items;
};
const openCount = async () => (await call<"GET /api/inbox/count">("/api/inbox/count", opts())).body.data.open;
const logged = async () =>
  (
    await (
      await dbOf(ws)
    )
      .prepare("SELECT summary FROM activity_log WHERE workspace_id = ? AND action LIKE 'inbox_%' ORDER BY rowid")
      .bind(ws)
      .all<{ summary: string }>()
  ).results.map((r) => r.summary);

describe("bulk actions on the most items a request names", () => {
  beforeAll(async () => {
    owner = await registerUser({ displayName: "Olga Owner" });
    teammate = await registerUser({ displayName: "Tom Teammate" });
    ws = owner.user.id;
    await addMember(ws, teammate.user.id, "editor");
    // MOST open Facebook comments, one minute apart, already read by the rules.
    await insertFacebookComments(ws, MOST, Date.now());
    ids = (await items()).map((i) => i.id);
    expect(ids).toHaveLength(MOST);
    // Labelled first: each label row carries its item's status, which done and open must move (ADR 102).
    expect((await bulk({ action: "label", label: "VIP" })).body).toEqual({
      success: true,
      message: `${MOST} items changed`,
      data: { changed: MOST },
    });
  });

  it("writes all 100 or none: a refusal in the last run leaves every item and label row as it was", async () => {
    const db = await dbOf(ws);
    // The oldest item (the last run of ids) refuses its update: the runs before it are rolled back with it.
    await db.exec(
      `CREATE TRIGGER bulk_most_refuses BEFORE UPDATE ON inbox_items WHEN NEW.id = '${ids.at(-1)}' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    );
    try {
      expect((await bulk({ action: "done" })).status).toBe(500);
    } finally {
      await db.exec("DROP TRIGGER bulk_most_refuses");
    }
    expect((await items()).filter((i) => i.status === "open" && i.handledBy === null)).toHaveLength(MOST);
    expect(await openCount()).toBe(MOST);
    expect((await items("&status=open&label=vip")).length).toBe(MOST);
    expect(await logged()).toEqual([`Labelled ${MOST} items "vip"`]);
  });

  it("marks all 100 done and opens all 100 again, their label rows with them", async () => {
    expect(await bulk({ action: "done" })).toMatchObject({
      status: 200,
      body: { success: true, message: `${MOST} items changed`, data: { changed: MOST } },
    });
    const done = await items();
    expect(done.filter((i) => i.status === "done" && i.handledBy === owner.user.id)).toHaveLength(MOST);
    expect(await openCount()).toBe(0);
    expect((await items("&label=vip")).filter((i) => i.status === "done")).toHaveLength(MOST);
    expect(await call("/api/inbox?status=open&label=vip", opts())).toMatchObject({ body: { data: { items: [] } } });

    expect(await bulk({ action: "open" })).toMatchObject({
      status: 200,
      body: { success: true, message: `${MOST} items changed`, data: { changed: MOST } },
    });
    const open = await items();
    expect(open.filter((i) => i.status === "open" && i.handledBy === null)).toHaveLength(MOST);
    expect(await openCount()).toBe(MOST);
    expect((await items("&status=open&label=vip")).map((i) => i.id).sort()).toEqual([...ids].sort());

    // One activity entry for each whole selection.
    expect(await logged()).toEqual([
      `Labelled ${MOST} items "vip"`,
      `Marked ${MOST} items done`,
      `Opened ${MOST} items again`,
    ]);
  });

  it("assigns all 100 to a teammate and unassigns all 100", async () => {
    const assigned = await bulk({ action: "assign", assigneeId: teammate.user.id });
    expect(assigned).toMatchObject({ status: 200, body: { success: true, data: { changed: MOST } } });
    expect((await items()).filter((i) => i.assigneeId === teammate.user.id)).toHaveLength(MOST);

    const unassigned = await bulk({ action: "assign", assigneeId: null });
    expect(unassigned).toMatchObject({ status: 200, body: { success: true, data: { changed: MOST } } });
    expect((await items()).filter((i) => i.assigneeId === null)).toHaveLength(MOST);
  });

  it("takes a label off all 100 and marks all 100 read", async () => {
    const unlabelled = await bulk({ action: "unlabel", label: "VIP" });
    expect(unlabelled).toMatchObject({ status: 200, body: { success: true, data: { changed: MOST } } });
    expect((await items()).filter((i) => i.labels.length === 0)).toHaveLength(MOST);
    expect((await items("&label=vip")).length).toBe(0);

    const read = await call("/api/inbox/read", { ...opts(), method: "POST", body: { ids } });
    expect(read).toMatchObject({ status: 200, body: { success: true, data: { read: MOST } } });
    expect((await items()).filter((i) => i.read)).toHaveLength(MOST);
  });
});
