import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { fileOf, jpegBytes, pngBytes } from "../test/media-fixtures";

type User = Awaited<ReturnType<typeof registerUser>>;

async function uploadPhoto(u: User) {
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(4000, 3000), "big.jpg"));
  return (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body.data[0];
}

function putThumbnail(u: User, id: string, bytes: Uint8Array, type = "image/jpeg") {
  return SELF.fetch(`${ORIGIN}/api/media/${id}/thumbnail`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${u.token}`, Origin: ORIGIN, "Content-Type": type },
    body: bytes.slice(),
  });
}

describe("thumbnails made at upload (issue 42)", () => {
  it("stores the thumbnail beside the original; the library lists it, and it is served, never the original", async () => {
    const u = await registerUser();
    const photo = await uploadPhoto(u);
    // Before one arrives (an upload through the API alone), the image itself stands in.
    expect(photo.thumbnailUrl).toBe(`/media/${photo.id}`);

    const thumb = jpegBytes(400, 300);
    const res = await putThumbnail(u, photo.id, thumb);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: "Thumbnail saved" });
    expect((await env.MEDIA.head(`media/${u.user.id}/${photo.id}/thumb/thumbnail.jpg`))?.size).toBe(thumb.length);

    const listed = (await call<"GET /api/media">("/api/media", { token: u.token })).body.data.media[0];
    expect(listed.thumbnailUrl).toBe(`/media/${photo.id}/thumb`);
    const served = await SELF.fetch(`${ORIGIN}${listed.thumbnailUrl}`, { headers: { Cookie: u.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect((await served.arrayBuffer()).byteLength).toBe(thumb.length);
  });

  it("refuses what is not a small image, with the reason, and keeps none of it", async () => {
    const u = await registerUser();
    const photo = await uploadPhoto(u);
    const cases: Array<[Uint8Array, string, number, string]> = [
      [new TextEncoder().encode("<svg/>"), "image/svg+xml", 400, "A thumbnail must be a WebP, JPEG or PNG image."],
      [
        new TextEncoder().encode("not a picture at all"),
        "image/jpeg",
        415,
        "A thumbnail must be a WebP, JPEG or PNG image.",
      ],
      [jpegBytes(1200, 900), "image/jpeg", 400, "A thumbnail is at most 640×640 pixels."],
      [pngBytes(300, 300, 300 * 1024), "image/png", 400, "A thumbnail is at most 256 KB."],
    ];
    for (const [bytes, type, status, message] of cases) {
      const res = await putThumbnail(u, photo.id, bytes, type);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ success: false, message });
    }
    expect((await env.MEDIA.list({ prefix: `media/${u.user.id}/${photo.id}/thumb/` })).objects).toEqual([]);
    expect((await call(`/media/${photo.id}/thumb`, { token: u.token })).status).toBe(404);
  });

  it("goes with its file when nothing published uses it, and another workspace cannot set or read it", async () => {
    const u = await registerUser();
    const other = await registerUser();
    const photo = await uploadPhoto(u);
    expect((await putThumbnail(other, photo.id, jpegBytes(200, 150))).status).toBe(404);
    expect((await putThumbnail(u, photo.id, jpegBytes(200, 150))).status).toBe(200);
    expect((await call(`/media/${photo.id}/thumb`, { token: other.token })).status).toBe(404);
    expect((await call(`/api/media/${photo.id}`, { method: "DELETE", token: u.token })).status).toBe(200);
    expect((await env.MEDIA.list({ prefix: `media/${u.user.id}/${photo.id}/` })).objects).toEqual([]);
  });
});
