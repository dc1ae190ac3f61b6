import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";

describe("GET /api/auth/youtube/channel", () => {
  it("answers the signed-in user's connected channel, and nobody else's", async () => {
    const a = await registerUser();
    const b = await registerUser();
    await connectViaEmulator(a.cookie, "youtube");
    const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: a.token })).body.data!.accounts;
    const youtube = accounts.find((x) => x.platform === "youtube")!;

    const mine = await call<"GET /api/auth/youtube/channel">("/api/auth/youtube/channel", { token: a.token });
    expect([mine.status, mine.body.success]).toEqual([200, true]);
    expect(mine.body.data!.channel).toMatchObject({
      _id: youtube._id,
      platform: "youtube",
      connected: true,
      displayName: youtube.displayName,
    });
    expect(mine.body.data!.channels.map((c) => c._id)).toEqual([youtube._id]);
    expect(JSON.stringify(mine.body)).not.toMatch(/access_?token/i);

    const theirs = await call<"GET /api/auth/youtube/channel">("/api/auth/youtube/channel", { token: b.token });
    expect([theirs.status, theirs.body.data]).toEqual([200, { channel: null, channels: [] }]);
  });

  it("needs a signed-in user", async () => {
    const res = await call<"GET /api/auth/youtube/channel">("/api/auth/youtube/channel");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: expect.any(String) });
  });
});
