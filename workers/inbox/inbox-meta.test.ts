import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, registerUser } from "../test/helpers";
import { advanceEmulator, armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOf } from "../test/shards";
import { hmacHex } from "./meta-webhook";
import { publishOn } from "./published.test-helper";

/**
 * Meta webhooks into the inbox (ADR 083): the handshake, the signature, and comments a visitor writes on the
 * emulator arriving as signed deliveries, one item each however they race with the poll.
 */
const HOOK = "/api/inbox/webhooks/meta";
const VERIFY = "sandbox-meta-verify-token";
const APP = "sandbox-facebook-app";
const APP_TOKEN = `${APP}|sandbox-facebook-secret`;

let ws: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
const inWs = () => ({ token: owner.token, headers: { "X-Workspace-Id": ws } });
const inbox = () => call<"GET /api/inbox">("/api/inbox?status=all", inWs());

const deliver = (body: string, signature?: string) =>
  raw(HOOK, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(signature ? { "X-Hub-Signature-256": signature } : {}) },
  });

/** What the App Dashboard's Webhooks setup does: subscribe the app to an object's fields at our callback. */
const subscribe = (object: string, fields: string, verifyToken = VERIFY) =>
  raw(`/sandbox/graph.facebook.com/${APP}/subscriptions`, {
    method: "POST",
    body: new URLSearchParams({
      object,
      fields,
      verify_token: verifyToken,
      callback_url: `http://localhost${HOOK}`,
      access_token: APP_TOKEN,
    }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

async function visitorComments(platform: string, postId: string, author: string, text: string, webhook = true) {
  const res = await raw("/sandbox/comments", {
    method: "POST",
    body: JSON.stringify({ platform, postId, author, text, webhook }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; webhooks: number[] };
}

afterEach(clearFaults);

describe("Meta webhooks into the inbox", () => {
  let pagePost: string;
  let ourPost: string;
  let pageId: string;
  beforeAll(async () => {
    owner = await registerUser();
    ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "Hooked" } })).body
      .data.id as string;
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws}`, "facebook");
    const accounts = (await call<"GET /api/accounts">("/api/accounts", inWs())).body.data.accounts as Array<{
      _id: string;
      platformUserId?: string;
    }>;
    const account = accounts[0]!;
    pageId = (await (
      await dbOf(ws)
    )
      .prepare("SELECT platform_user_id AS id FROM connected_accounts WHERE id = ?")
      .bind(account._id)
      .first<{ id: string }>())!.id;
    ({ postId: ourPost, remoteId: pagePost } = await publishOn(
      { workspaceId: ws, userId: owner.user.id, accountId: account._id, platform: "facebook" },
      `Hooked post ${crypto.randomUUID().slice(0, 6)}`,
    ));
  });

  it("answers Meta's handshake only with the configured verify token", async () => {
    const bad = await raw(`${HOOK}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`);
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ success: false, message: "The verify token does not match." });
    const good = await raw(`${HOOK}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect(good.status).toBe(200);
    expect(await good.text()).toBe("1158201444");
    // Meta keeps a subscription only when the callback echoes its challenge.
    const refused = await subscribe("page", "feed", "not-ours");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(2200);
    expect((await subscribe("page", "feed")).status).toBe(200);
    expect((await subscribe("instagram", "comments")).status).toBe(200);
  });

  it("refuses deliveries without the app secret's signature, and takes in nothing from them", async () => {
    const body = feedDelivery(pageId, pagePost, {
      id: "forged_1",
      message: "Forged",
      from: { id: "9", name: "Mallory" },
    });
    const unsigned = await deliver(body);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ success: false, message: "The X-Hub-Signature-256 header is missing." });
    const wrong = await deliver(body, `sha256=${await hmacHex("not-the-app-secret", body)}`);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      success: false,
      message: "The X-Hub-Signature-256 signature does not match the app secret.",
    });
    const tampered = await deliver(
      body.replace("Forged", "Changed"),
      `sha256=${await hmacHex("sandbox-facebook-secret", body)}`,
    );
    expect(tampered.status).toBe(403);
    expect((await inbox()).body.data.items.map((i) => i.text)).not.toContain("Forged");
  });

  it("a visitor's comment arrives by webhook at once, and a poll racing it adds no second item", async () => {
    const made = await visitorComments("facebook", pagePost, "Dana Reader", "Do you ship to Lisbon?");
    expect(made.webhooks).toEqual([200]);
    const items = (await inbox()).body.data.items.filter((i) => i.text === "Do you ship to Lisbon?");
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ platform: "facebook", kind: "comment", status: "open" });
    expect(items[0]!.post?.preview).toContain("Hooked post");
    // The same comment again: the webhook redelivered while the poll reads it.
    const [poll] = await Promise.all([
      call<"POST /api/inbox/sync">("/api/inbox/sync", { ...inWs(), method: "POST" }),
      signedRedelivery(pageId, pagePost, made.id),
    ]);
    expect(poll.status).toBe(200);
    const after = (await inbox()).body.data.items.filter((i) => i.text === "Do you ship to Lisbon?");
    expect(after).toHaveLength(1);
  });

  it("a webhook's item meets the rules at once, without waiting for the cron", async () => {
    const word = `lisbon${crypto.randomUUID().slice(0, 6)}`;
    const rule = await call<"POST /api/inbox/rules">("/api/inbox/rules", {
      ...inWs(),
      body: { keyword: word, action: "label", value: "Shipping" },
    });
    expect(rule.status).toBe(201);
    const text = `Do you ship to ${word}?`;
    expect((await visitorComments("facebook", pagePost, "Ines Reader", text)).webhooks).toEqual([200]);
    await vi.waitFor(async () => {
      const item = (await inbox()).body.data.items.find((i) => i.text === text);
      expect(item?.labels).toEqual(["shipping"]);
    });
  });

  it("an outage of hours is caught up from the cursor once Facebook answers again", async () => {
    const sync = () => call<"POST /api/inbox/sync">("/api/inbox/sync", { ...inWs(), method: "POST" });
    expect((await sync()).status).toBe(200);
    const before = await itemsOnPost(ourPost);
    await armFault("facebook", "500", 100, { method: "GET", path: "/comments" });
    // Six hours of comments growing on the post while every read of them fails, and one whose webhook Meta lost
    // (how many grow is the post's own curve, so that one makes sure there is something to catch up).
    for (let h = 0; h < 6; h++) {
      await advanceEmulator(3_600_000);
      if (h === 2)
        expect((await visitorComments("facebook", pagePost, "Ola Night", "Still open?", false)).webhooks).toEqual([]);
      const polled = await sync();
      expect(polled.body.data.added).toBe(0);
    }
    const sources = (await call<"GET /api/inbox/sources">("/api/inbox/sources", inWs())).body.data.accounts;
    const comments = sources.find((a) => a.platform === "facebook")!.sources.find((s) => s.source === "comments");
    expect(comments).toMatchObject({
      state: "failing",
      reason: expect.stringMatching(/^Comments could not be read: /),
    });
    await clearFaults();
    const caught = await sync();
    expect(caught.body.data.added).toBeGreaterThan(0);
    expect((await inbox()).body.data.items.map((i) => i.text)).toContain("Still open?");
    const onFacebook = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM emu_objects WHERE platform = 'facebook' AND kind = 'comment' AND json_extract(data, '$.replyTo') = ?",
    )
      .bind(pagePost)
      .first<{ n: number }>();
    expect(await itemsOnPost(ourPost)).toBe(onFacebook!.n);
    expect(await itemsOnPost(ourPost)).toBe(before + caught.body.data.added);
  });
});

async function itemsOnPost(postId: string) {
  return (await (
    await dbOf(ws)
  )
    .prepare("SELECT COUNT(*) AS n FROM inbox_items WHERE post_id = ?")
    .bind(postId)
    .first<{ n: number }>())!.n;
}

/** A Page `feed` delivery of one new comment, as Meta words it. */
function feedDelivery(pageId: string, postId: string, comment: { id: string; message: string; from: object }) {
  const value = {
    item: "comment",
    verb: "add",
    comment_id: comment.id,
    post_id: postId,
    message: comment.message,
    from: comment.from,
  };
  return JSON.stringify({
    object: "page",
    entry: [{ id: pageId, time: Math.floor(Date.now() / 1000), changes: [{ field: "feed", value }] }],
  });
}

async function signedRedelivery(pageId: string, postId: string, commentId: string) {
  const body = feedDelivery(pageId, postId, {
    id: commentId,
    message: "Do you ship to Lisbon?",
    from: { id: "visitor:Dana Reader", name: "Dana Reader" },
  });
  const res = await deliver(body, `sha256=${await hmacHex("sandbox-facebook-secret", body)}`);
  expect(res.status).toBe(200);
}
