import { describe, expect, it } from "vitest";
import { insertAccount } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { fileOf, mp4Bytes } from "../test/media-fixtures";

type User = Awaited<ReturnType<typeof registerUser>>;

async function uploadOne(u: User, file: File): Promise<string> {
  const form = new FormData();
  form.append("files", file);
  const res = await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form });
  return res.body.data[0].id as string;
}
const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();

describe("a channel's format through the API (ADR 066)", () => {
  it("checks a Facebook Reel and a YouTube Short against their own rules and schedules the one that fits", async () => {
    const u = await registerUser();
    const fb = await insertAccount(u.user.id, "facebook");
    const yt = await insertAccount(u.user.id, "youtube");
    const wide = await uploadOne(u, fileOf(await mp4Bytes({ width: 1280, height: 720, seconds: 5 }), "wide.mp4"));
    const body = {
      content: "Watch",
      title: "Watch",
      platforms: ["facebook", "youtube"],
      selectedAccounts: { facebook: [fb], youtube: [yt] },
      videos: [wide],
      scheduledDate: tomorrow(),
      channels: [
        { platform: "facebook", accountId: fb, options: { format: "reel" } },
        { platform: "youtube", accountId: yt, options: { format: "short" } },
      ],
    };
    const check = await call<"POST /api/posts/preflight">("/api/posts/preflight", { token: u.token, body });
    expect(check.body.data.problems).toEqual([
      { platform: "facebook", accountId: fb, message: "wide.mp4 is 1280×720; a Facebook Reel is 9:16" },
      {
        platform: "youtube",
        accountId: yt,
        message: "This video will not be a YouTube Short: it is 1280×720 (a Short is square or vertical)",
      },
    ]);

    const tall = await uploadOne(u, fileOf(await mp4Bytes({ width: 1080, height: 1920, seconds: 5 }), "tall.mp4"));
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { ...body, videos: [tall], status: "scheduled" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.channels.map((c) => [c.platform, c.options?.format])).toEqual([
      ["facebook", "reel"],
      ["youtube", "short"],
    ]);
  });

  it("refuses a format the network does not have, and one no network has, with the reason", async () => {
    const u = await registerUser();
    const li = await insertAccount(u.user.id, "linkedin");
    const yt = await insertAccount(u.user.id, "youtube");
    const post = (channels: unknown[]) =>
      call<"POST /api/posts">("/api/posts", {
        token: u.token,
        body: {
          content: "Hi",
          platforms: ["linkedin", "youtube"],
          selectedAccounts: { linkedin: [li], youtube: [yt] },
          channels,
        },
      });
    const linkedin = await post([{ platform: "linkedin", accountId: li, options: { format: "story" } }]);
    expect(linkedin.status).toBe(400);
    expect(linkedin.body.message).toBe("Format is not an option for LinkedIn");
    const youtube = await post([{ platform: "youtube", accountId: yt, options: { format: "story" } }]);
    expect(youtube.status).toBe(400);
    expect(youtube.body.message).toBe("YouTube does not publish Stories");
    const unknown = await post([{ platform: "youtube", accountId: yt, options: { format: "carousel" } }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Format must be one of feed, reel, story or short");
  });
});
