import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { advanceEmulator, armFault, raw, startEmulatorWindow } from "../test/oauth";
import { connectPinterestClient, pinterestClient, RECIPES_BOARD } from "../test/pinterest-fixtures";
import { clearFaults, failure, media, mp4Bytes, pngBytes, sandboxDeps, sandboxFetch } from "../test/platform-sandbox";
import { PinterestClient } from "./pinterest";
import type { AccountCredentials, PublishRequest } from "./types";

const client = pinterestClient;
const RECIPES = RECIPES_BOARD;
const BREADS = "5412316754112";
const connect = connectPinterestClient;

const unique = (s: string) => `${s} ${crypto.randomUUID().slice(0, 8)}`;
const pin = (text: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
  marker: crypto.randomUUID(),
  text,
  title: "Sourdough in 5 steps",
  media: [media("image", "image/png", pngBytes(), "A loaf on a board")],
  options: { board: RECIPES, boardSection: BREADS, link: "https://bakery.example/sourdough" },
  ...extra,
});

async function pinsOf(account: AccountCredentials) {
  const res = await sandboxFetch("https://api.pinterest.com/v5/pins?page_size=100", {
    headers: { Authorization: `Bearer ${account.accessToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json<{ items: Record<string, unknown>[] }>()).items;
}

afterEach(clearFaults);

describe("Pinterest client against the emulated API v5", () => {
  it("connects with the five scopes, comma-separated, and continuous refresh renews both tokens", async () => {
    const { url, tokens, user } = await connect();
    expect(url.pathname).toBe("/sandbox/www.pinterest.com/oauth/");
    expect(url.searchParams.get("scope")).toBe("boards:read,boards:write,pins:read,pins:write,user_accounts:read");
    expect(user).toMatchObject({ username: "sunrisebakery", displayName: "Sunrise Bakery", accountType: "business" });
    expect(tokens.refreshToken).toMatch(/^pinr_/);
    // 30-day access token, 60-day refresh token.
    expect(tokens.expiresAt! - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(tokens.refreshExpiresAt! - Date.now()).toBeGreaterThan(59 * 86_400_000);
    const renewed = await client.refresh(tokens);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    // The refresh token just used is spent: using it again asks for a new consent.
    expect((await failure(client.refresh(tokens))).kind).toBe("auth");
  });

  it("lists the account's boards with their sections and creates one; a taken name is refused", async () => {
    const { account } = await connect();
    const boards = await client.boards(account);
    expect(boards.find((b) => b.id === RECIPES)).toMatchObject({
      name: "Recipes",
      sections: [{ id: BREADS, name: "Breads" }],
    });
    const name = unique("Cakes");
    const made = await client.createBoard(account, { name, privacy: "PUBLIC" });
    expect((await client.boards(account)).map((b) => b.id)).toContain(made.id);
    const taken = await failure(client.createBoard(account, { name, privacy: "SECRET" }));
    expect(taken).toMatchObject({ kind: "permanent", message: expect.stringMatching(/different name/) });
  });

  it("publishes an image pin with title, link, alt text and section, and finds it again by its text", async () => {
    const { account } = await connect();
    const text = unique("Our sourdough, step by step");
    const since = Date.now();
    const out = await client.publish(account, pin(text));
    expect(out.permalink).toBe(`https://www.pinterest.com/pin/${out.remoteId}/`);
    const stored = (await pinsOf(account)).find((p) => p.id === out.remoteId);
    expect(stored).toMatchObject({
      board_id: RECIPES,
      board_section_id: BREADS,
      title: "Sourdough in 5 steps",
      description: text,
      link: "https://bakery.example/sourdough",
      alt_text: "A loaf on a board",
    });
    expect(await client.findPublished(account, "m", since, text)).toEqual(out);
    expect(await client.findPublished(account, "m", since, unique("never sent"))).toBeNull();
  });

  it("publishes a video pin: registered, uploaded with the returned fields, polled until processed", async () => {
    const { account } = await connect();
    const out = await client.publish(
      account,
      pin(unique("Shaping a loaf"), { media: [media("video", "video/mp4", mp4Bytes(4096))] }),
    );
    const stored = (await pinsOf(account)).find((p) => p.id === out.remoteId);
    expect(stored).toMatchObject({ creative_type: "VIDEO", media: { media_type: "video" } });
  });

  it("answers Pinterest's own refusals: no board, an unknown board, a title over 100, a fetch that fails", async () => {
    const { account } = await connect();
    const noBoard = await failure(client.publish(account, pin("x", { options: {} })));
    expect(noBoard.message).toBe("Choose a board for this Pinterest pin.");
    const unknown = await failure(client.publish(account, pin("x", { options: { board: "123" } })));
    expect(unknown).toMatchObject({ kind: "permanent", message: "Board not found.", details: { status: 404 } });
    const long = await failure(client.publish(account, pin("x", { title: "t".repeat(101) })));
    expect(long.message).toMatch(/title must be at most 100/);
    // An https link goes as image_url, which Pinterest must fetch: this one it cannot reach.
    const far = { ...media("image", "image/png", pngBytes()), url: "https://elsewhere.example/a.png" };
    expect((await failure(client.publish(account, pin("x", { media: [far] })))).message).toBe(
      "Sorry we could not fetch the image.",
    );
  });

  it("reads pin analytics and the follower count, deletes a pin, and a missing scope asks for consent", async () => {
    const { account } = await connect();
    const out = await client.publish(account, pin(unique("Analytics")));
    await advanceEmulator(2 * 86_400_000);
    // Dates are asked for on the reader's clock: here the emulator's, which the test moved.
    const { now } = await (await raw("/sandbox/clock")).json<{ now: number }>();
    const reader = new PinterestClient({ ...sandboxDeps(), now: () => now });
    const m = await reader.postMetrics(account, out.remoteId);
    expect(m.impressions).toBeGreaterThan(0);
    expect(m.saves + m.clicks + m.likes).toBeGreaterThan(0);
    expect((await client.accountMetrics(account)).followers).toBeGreaterThan(0);
    await client.deletePost(account, out.remoteId);
    expect((await pinsOf(account)).some((p) => p.id === out.remoteId)).toBe(false);
    const narrow = await connect({ withhold: ["pins:write"] });
    const denied = await failure(client.publish(narrow.account, pin("x")));
    expect(denied).toMatchObject({ kind: "auth", details: { status: 403, denied: { permission: "pins:write" } } });
  });

  it("reads a video pin's views (VIDEO_MRC_VIEW); an image pin has none", async () => {
    const { account } = await connect();
    const video = await client.publish(
      account,
      pin(unique("Shaping, watched"), { media: [media("video", "video/mp4", mp4Bytes(4096))] }),
    );
    const image = await client.publish(account, pin(unique("A still loaf")));
    await advanceEmulator(2 * 86_400_000);
    const { now } = await (await raw("/sandbox/clock")).json<{ now: number }>();
    const reader = new PinterestClient({ ...sandboxDeps(), now: () => now });
    expect((await reader.postMetrics(account, video.remoteId)).videoViews).toBeGreaterThan(0);
    expect((await reader.postMetrics(account, image.remoteId)).videoViews).toBe(0);
  });

  it("classifies a 429 with its reset, a 500 as retryable, and a lost answer to the pin as unknown", async () => {
    const { account } = await connect();
    await armFault("pinterest", "429", 1, { method: "POST", path: "^/v5/pins$" });
    const limited = await failure(client.publish(account, pin(unique("a"))));
    expect(limited).toMatchObject({ kind: "retryable", details: { status: 429, retryAfterMs: 60_000 } });
    await armFault("pinterest", "500", 1, { method: "POST", path: "^/v5/pins$" });
    expect((await failure(client.publish(account, pin(unique("b"))))).kind).toBe("retryable");
    const text = unique("c");
    await armFault("pinterest", "drop", 1, { method: "POST", path: "^/v5/pins$" });
    const lost = await failure(client.publish(account, pin(text)));
    expect(lost.details.outcomeUnknown).toBe(true);
    // The pin was made before the answer was lost: the lookup finds it rather than a resend making two.
    expect(await client.findPublished(account, "m", Date.now() - 60_000, text)).not.toBeNull();
  });

  it("Trial access: the app's 1,001st request of the day is refused with Pinterest's words", async () => {
    const { account } = await connect();
    const set = (v: 0 | 1) =>
      raw("/sandbox/settings", {
        method: "POST",
        body: JSON.stringify({ pinterestTrialAccess: v }),
        headers: { "Content-Type": "application/json" },
      });
    expect((await set(1)).status).toBe(200);
    try {
      // Move to a fresh emulator day (a second into it: one that ended between the count below and the two calls
      // counted them afresh), where the app has already made 999 requests.
      await startEmulatorWindow(86_400_000);
      const { now } = await (await raw("/sandbox/clock")).json<{ now: number }>();
      const day = Math.floor(now / 86_400_000);
      await env.DB.prepare(
        "INSERT OR REPLACE INTO emu_objects (id, platform, kind, owner, data, created_at) VALUES (?, 'pinterest', 'ratelimit', 'app', ?, ?)",
      )
        .bind(`pinrl:app:${day}`, JSON.stringify({ count: 999 }), now)
        .run();
      await client.checkAccess(account);
      const refused = await failure(client.checkAccess(account));
      expect(refused).toMatchObject({ kind: "retryable", message: expect.stringMatching(/Trial access/) });
    } finally {
      await set(0);
    }
  });
});
