import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOf } from "../test/shards";
import { publishOn } from "./published.test-helper";

/**
 * A rule that hides comments hides them on Facebook itself (ADR 102): once per item, pending through every fault
 * until Facebook has taken it, never again after a member shows the comment, and kept with Facebook's words when
 * Facebook refuses for good.
 */
let ws: string;
let accountId: string;
let postRemoteId: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
const inWs = () => ({ token: owner.token, headers: { "X-Workspace-Id": ws } });
const sync = () => call<"POST /api/inbox/sync">("/api/inbox/sync", { ...inWs(), method: "POST" });

/** A visitor comments on the Page post (no webhook: the sync takes it in); the comment's Graph id. */
async function visitorComments(text: string) {
  const res = await raw("/sandbox/comments", {
    method: "POST",
    body: JSON.stringify({ platform: "facebook", postId: postRemoteId, author: "Cody Coins", text, webhook: false }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function itemOf(text: string) {
  const items = (await call<"GET /api/inbox">("/api/inbox?status=all&limit=100", inWs())).body.data.items;
  return items.find((i) => i.text === text)!;
}

/** Whether Facebook shows the comment hidden. */
async function hiddenOnFacebook(commentId: string) {
  const row = await env.DB.prepare("SELECT data FROM emu_objects WHERE platform = 'facebook' AND id = ?")
    .bind(commentId)
    .first<{ data: string }>();
  return (JSON.parse(row!.data) as { hidden?: boolean }).hidden === true;
}

afterEach(clearFaults);

describe("rules that hide comments on the network", () => {
  beforeAll(async () => {
    owner = await registerUser();
    ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "Hide desk" } }))
      .body.data.id as string;
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws}`, "facebook");
    accountId = (await call<"GET /api/accounts">("/api/accounts", inWs())).body.data.accounts[0]!._id as string;
    ({ remoteId: postRemoteId } = await publishOn(
      { workspaceId: ws, userId: owner.user.id, accountId, platform: "facebook" },
      `Hide desk post ${crypto.randomUUID().slice(0, 6)}`,
    ));
    const rule = await call("/api/inbox/rules", {
      ...inWs(),
      body: { keyword: "crypto, free spins", accountId, action: "hide" },
    });
    expect(rule.status).toBe(201);
  });

  it("refuses a rule for an account the workspace does not have", async () => {
    const res = await call("/api/inbox/rules", {
      ...inWs(),
      body: { keyword: "spam", accountId: "someone-elses", action: "hide" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Choose one of this workspace's connected accounts.");
  });

  it("hides a matching comment on Facebook once; one a member shows again stays shown", async () => {
    const text = "Get FREE SPINS at my page";
    const commentId = await visitorComments(text);
    const calm = await visitorComments("What time do you open?");
    await sync();
    expect(await itemOf(text)).toMatchObject({ hiddenByRule: true, hidden: true, status: "done", hideError: null });
    expect(await hiddenOnFacebook(commentId)).toBe(true);
    expect(await itemOf("What time do you open?")).toMatchObject({ hiddenByRule: false, hidden: false });
    expect(await hiddenOnFacebook(calm)).toBe(false);

    const item = await itemOf(text);
    const shown = await call(`/api/inbox/${item.id}/actions`, { ...inWs(), body: { action: "unhide" } });
    expect(shown.status).toBe(200);
    await sync();
    expect(await hiddenOnFacebook(commentId)).toBe(false);
    expect(await itemOf(text)).toMatchObject({ hiddenByRule: false, hidden: false });
  });

  it.each(["429", "500", "timeout", "drop"] as const)(
    "a hide refused with %s stays pending and is hidden by the next run",
    async (mode) => {
      const text = `Crypto giveaway ${mode}`;
      const commentId = await visitorComments(text);
      await armFault("facebook", mode, 1, { method: "POST", path: `/${commentId}$` });
      await sync();
      // Hidden in Postline at once; on Facebook once Facebook has taken it (a lost answer: it may already have).
      expect(await itemOf(text)).toMatchObject({ hiddenByRule: true, hidden: false, hideError: null });
      await sync();
      expect(await itemOf(text)).toMatchObject({ hiddenByRule: true, hidden: true, hideError: null });
      expect(await hiddenOnFacebook(commentId)).toBe(true);
    },
  );

  it("keeps Facebook's words when it refuses for good", async () => {
    const id = crypto.randomUUID();
    // A comment taken in that was deleted on Facebook before the rules read it.
    await (await dbOf(ws))
      .prepare(
        "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at) VALUES (?, ?, ?, 'facebook', ?, 'comment', 'Cody Coins', 'crypto for all', ?, ?)",
      )
      .bind(id, ws, accountId, `${postRemoteId}_gone`, Date.now(), Date.now())
      .run();
    await sync();
    const item = (await call<"GET /api/inbox">("/api/inbox?status=all&limit=100", inWs())).body.data.items.find(
      (i) => i.id === id,
    )!;
    expect(item).toMatchObject({ hiddenByRule: true, hidden: false });
    expect(item.hideError).toMatch(/\S/);
  });
});
