import { describe, expect, it } from "vitest";
import { insertAccount } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes, pngBytes } from "../test/media-fixtures";

type User = Awaited<ReturnType<typeof registerUser>>;

async function upload(u: User, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("files", fileOf(bytes, name));
  return (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body.data[0];
}

function prepare(u: User, id: string, fields: { platform: string; crop: unknown; file: File }) {
  const form = new FormData();
  form.append("platform", fields.platform);
  form.append("crop", JSON.stringify(fields.crop));
  form.append("file", fields.file);
  return call<"POST /api/media/:id/variants">(`/api/media/${id}/variants`, { token: u.token, body: form });
}

const crop = { x: 545, y: 0, width: 1910, height: 1000 };

describe("media prepared per network (ADR 088)", () => {
  it("stores the browser's copy beside the original, out of the library's lists, and the channel publishes it", async () => {
    const u = await registerUser();
    const wide = await upload(u, pngBytes(3000, 1000), "wide.png");
    const res = await prepare(u, wide.id, {
      platform: "instagram",
      crop,
      file: fileOf(jpegBytes(1910, 1000), "wide-instagram.jpg"),
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Image prepared");
    const copy = res.body.data;
    expect(copy).toMatchObject({
      format: "jpg",
      dimensions: { width: 1910, height: 1000 },
      preparedFrom: { id: wide.id, platform: "instagram", crop },
    });
    // The library lists the original alone; the copy is still the workspace's, for the post that uses it.
    const listed = (await call<"GET /api/media">("/api/media", { token: u.token })).body.data;
    expect(listed.media.map((m) => m.id)).toEqual([wide.id]);
    expect(listed.counts.all).toBe(1);
    expect((await call<"GET /api/media/:id">(`/api/media/${copy.id}`, { token: u.token })).status).toBe(200);

    const ig = await insertAccount(u.user.id, "instagram");
    const body = {
      content: "Wide view",
      platforms: ["instagram"],
      selectedAccounts: { instagram: [ig] },
      images: [wide.id],
      channels: [{ platform: "instagram", accountId: ig, media: [copy.id] }],
    };
    const check = await call<"POST /api/posts/preflight">("/api/posts/preflight", { token: u.token, body });
    expect(check.body.data.problems).toEqual([]);
    const unprepared = await call<"POST /api/posts/preflight">("/api/posts/preflight", {
      token: u.token,
      body: { ...body, channels: [] },
    });
    expect(unprepared.body.data.problems).toEqual([
      {
        platform: "instagram",
        accountId: null,
        message:
          "Prepare wide.png for Instagram: Instagram does not take PNG; Instagram takes aspect ratios 0.8 to 1.91, not 3",
        prepare: wide.id,
      },
    ]);
  });

  it("refuses a copy the network would still refuse, a crop outside the original, and another workspace's file", async () => {
    const u = await registerUser();
    const wide = await upload(u, pngBytes(3000, 1000), "wide.png");
    const still = await prepare(u, wide.id, {
      platform: "instagram",
      crop: { x: 0, y: 0, width: 3000, height: 1000 },
      file: fileOf(jpegBytes(3000, 1000), "wide.jpg"),
    });
    expect(still.status).toBe(400);
    expect(still.body).toEqual({
      success: false,
      message: "The prepared copy still does not fit Instagram: Instagram takes aspect ratios 0.8 to 1.91, not 3.",
    });
    const outside = await prepare(u, wide.id, {
      platform: "instagram",
      crop: { ...crop, x: 2000 },
      file: fileOf(jpegBytes(1910, 1000), "wide.jpg"),
    });
    expect(outside.body).toEqual({ success: false, message: "The crop must lie inside the original image." });
    const stranger = await registerUser();
    const theirs = await prepare(stranger, wide.id, {
      platform: "instagram",
      crop,
      file: fileOf(jpegBytes(1910, 1000), "wide.jpg"),
    });
    expect(theirs.status).toBe(404);
    const bad = await prepare(u, wide.id, { platform: "myspace", crop, file: fileOf(jpegBytes(10, 10), "a.jpg") });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Unknown platform");
  });
});
