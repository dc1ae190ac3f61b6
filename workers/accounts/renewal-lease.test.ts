import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectedAccounts } from "../db/schema/index";
import { call, registerUser } from "../test/helpers";
import { advanceEmulator, cipher, connectViaEmulator, platformHarness } from "../test/oauth";
import { drizzleOf } from "../test/shards";

const HOUR = 3_600_000;

/** An account whose refresh tokens work once (X; Bluesky's app-password session) and the publisher's view of it. */
async function rotatingAccount(platform: "twitter" | "bluesky" = "twitter") {
  const u = await registerUser();
  if (platform === "twitter") await connectViaEmulator(u.cookie, "twitter");
  else
    await call("/api/auth/bluesky/app-password", {
      token: u.token,
      body: { identifier: "postline-demo.bsky.social", appPassword: "pstl-demo-bsky-apps" },
    });
  const list = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data!.accounts;
  const account = list.find((a) => a.platform === platform)!;
  const db = await drizzleOf(u.user.id);
  const row = async () => (await db.select().from(connectedAccounts).where(eq(connectedAccounts.id, account.id)))[0]!;
  return { id: account.id, row, db, h: platformHarness({}, db) };
}

describe("renewing a token with several callers at once", () => {
  it("refreshes an expired X token once when three jobs ask at the same moment, and all three go on with it", async () => {
    const { id, row, h } = await rotatingAccount();
    const before = await row();
    // Three hours on: the two-hour token has expired on both clocks.
    h.clock.shiftMs = 3 * HOUR;
    await advanceEmulator(3 * HOUR);
    const got = await Promise.all([1, 2, 3].map(() => h.accounts.accountCredentials(id)));

    const after = await row();
    expect(after.status).toBe("connected");
    expect(after.statusReason).toBeNull();
    expect(after.accessTokenEnc).not.toBe(before.accessTokenEnc);
    const current = await cipher().decrypt(after.accessTokenEnc);
    expect(got.map((c) => c.accessToken)).toEqual([current, current, current]);
    // The one refresh token issued is the stored one: nobody rotated it again behind the store's back.
    const again = await h.registry.twitter!.refresh({
      accessToken: current,
      refreshToken: await cipher().decrypt(after.refreshTokenEnc!),
      expiresAt: after.tokenExpiresAt,
      refreshExpiresAt: after.refreshExpiresAt,
    });
    expect(again.accessToken).toBeTruthy();
  });

  it("renews a Bluesky app-password session once when three jobs find it expired together", async () => {
    const { id, row, h } = await rotatingAccount("bluesky");
    const before = await row();
    // The session's JWT expires two hours after the emulator's clock said (which earlier tests moved): just past.
    h.clock.shiftMs = before.tokenExpiresAt! - Date.now() + 60_000;
    await advanceEmulator(2 * HOUR + 60_000);
    const got = await Promise.all([1, 2, 3].map(() => h.accounts.accountCredentials(id)));
    const after = await row();
    expect(after.status).toBe("connected");
    expect(after.accessTokenEnc).not.toBe(before.accessTokenEnc);
    const current = await cipher().decrypt(after.accessTokenEnc);
    expect(got.map((c) => c.accessToken)).toEqual([current, current, current]);
  });

  it("takes over the renewal of a caller that crashed holding it, once its lease has lapsed", async () => {
    const { id, row, h, db } = await rotatingAccount();
    h.clock.shiftMs = 3 * HOUR;
    await advanceEmulator(3 * HOUR);
    // A Worker took the lease and died before X answered: its lease runs out a second from now.
    await db
      .update(connectedAccounts)
      .set({ refreshingUntil: Date.now() + h.clock.shiftMs + 1_000 })
      .where(eq(connectedAccounts.id, id));
    const got = await h.accounts.accountCredentials(id);
    const after = await row();
    expect(after.status).toBe("connected");
    expect(after.refreshingUntil).toBeNull();
    expect(got.accessToken).toBe(await cipher().decrypt(after.accessTokenEnc));
  });

  it("keeps the account connected when three requests meet a 401 together and each asks for a renewal", async () => {
    const { id, row, h } = await rotatingAccount();
    // Only X's clock moved: our stored expiry still looks fine, X refuses the token (as after a clock skew).
    await advanceEmulator(3 * HOUR);
    const got = await Promise.all([1, 2, 3].map(() => h.accounts.refreshAfterRejection(id)));

    const after = await row();
    expect(after.status).toBe("connected");
    expect(got.every((c) => c?.accessToken)).toBe(true);
    // Each went on with a token X accepts: the stored one (a later renewal may have replaced an earlier one).
    const stored = await cipher().decrypt(after.accessTokenEnc);
    expect(got.map((c) => c!.accessToken)).toContain(stored);
    await expect(h.registry.twitter!.checkAccess(await h.accounts.accountCredentials(id))).resolves.not.toThrow();
  });
});
