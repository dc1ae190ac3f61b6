import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { exeBytes, fileOf, jpegBytes } from "../test/media-fixtures";

const upload = (token: string, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.append("logo", fileOf(bytes, name));
  return call<"PUT /api/brand/logo">("/api/brand/logo", { token, method: "PUT", body: form });
};

describe("a workspace's brand", () => {
  it("takes a readable hex colour, refusing others in words; null goes back to Postline's", async () => {
    const { token } = await registerUser();
    const initial = await call<"GET /api/brand">("/api/brand", { token });
    expect(initial.body.data).toEqual({ color: null, effectiveColor: "#4338ca", logoUrl: null });
    const put = (color: unknown) => call<"PUT /api/brand">("/api/brand", { token, method: "PUT", body: { color } });
    expect((await put("teal")).body).toEqual({ success: false, message: "Colour must be a hex colour like #1d4ed8." });
    const pale = await put("#FFEE88");
    expect(pale.status).toBe(400);
    expect(pale.body.message).toMatch(/^Pick a darker colour: white text on #ffee88 has a contrast of 1\.\d:1/);
    const saved = await put("#0F766E");
    expect(saved.body).toMatchObject({ success: true, message: "Brand saved", data: { color: "#0f766e" } });
    expect((await put(null)).body.data).toMatchObject({ color: null, effectiveColor: "#4338ca" });
  });

  it("keeps a PNG or JPEG logo of at most 512 KB, served publicly, and removes it", async () => {
    const { token } = await registerUser();
    expect((await upload(token, exeBytes(), "logo.png")).body).toEqual({
      success: false,
      message: "The logo must be a PNG or JPEG image.",
    });
    const big = await upload(token, jpegBytes(64, 64, 600 * 1024), "logo.jpg");
    expect([big.status, big.body.message]).toEqual([413, "The logo must be 512 KB or smaller."]);
    const ok = await upload(token, jpegBytes(64, 64), "logo.jpg");
    expect(ok.body.message).toBe("Logo uploaded");
    const url = ok.body.data.logoUrl!;
    const served = await SELF.fetch(`http://localhost${url}`);
    expect([served.status, served.headers.get("Content-Type")]).toEqual([200, "image/jpeg"]);
    await served.arrayBuffer();
    const removed = await call<"DELETE /api/brand/logo">("/api/brand/logo", { token, method: "DELETE" });
    expect(removed.body.data.logoUrl).toBeNull();
    const gone = await SELF.fetch(`http://localhost${url}`);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    expect((await call("/api/brand/logo", { token, method: "DELETE" })).status).toBe(404);
  });
});
