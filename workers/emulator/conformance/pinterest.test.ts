import { describe, expect, it } from "vitest";
import { advanceClock, basic, consentCode, emu, form, mp4Like, multipart, REDIRECT } from "./sdk";

/**
 * Pinterest API v5 as its published OpenAPI description documents it (there is no official JavaScript SDK):
 * Basic-auth token endpoint with continuous refresh, `{code, message}` errors, bookmark pagination, the
 * media upload to the bucket's form fields, and the pin's own limits.
 */
const CLIENT = basic("conformance-pinterest-app", "conformance-pinterest-secret");
const SCOPES = "boards:read,boards:write,pins:read,pins:write,user_accounts:read";
const RECIPES = "1125968132843520001";

async function tokens() {
  const code = await consentCode(
    "www.pinterest.com",
    "/oauth/",
    {
      client_id: "conformance-pinterest-app",
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: SCOPES,
      state: "s",
    },
    { choice: "1125968064125436823" },
  );
  const req = form({ grant_type: "authorization_code", code, redirect_uri: REDIRECT });
  const res = await emu("api.pinterest.com", "/v5/oauth/token", {
    ...req,
    headers: { ...req.headers, Authorization: CLIENT },
  });
  expect(res.status).toBe(200);
  return res.json<Record<string, unknown>>();
}

const api = (token: string, path: string, init: RequestInit = {}) =>
  emu("api.pinterest.com", `/v5${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...init.headers },
  });

describe("Pinterest API v5 conformance", () => {
  it("answers the token response fields as numbers and refuses a token request without HTTP Basic", async () => {
    const t = await tokens();
    expect(t).toMatchObject({ token_type: "bearer", response_type: "authorization_code", expires_in: 2_592_000 });
    expect(t.refresh_token_expires_in).toBe(5_184_000);
    expect(typeof t.refresh_token_expires_at).toBe("number");
    expect(String(t.scope).split(" ")).toEqual(SCOPES.split(","));
    const res = await emu(
      "api.pinterest.com",
      "/v5/oauth/token",
      form({ grant_type: "refresh_token", refresh_token: String(t.refresh_token) }),
    );
    expect([res.status, await res.json()]).toEqual([401, { code: 2, message: "Authentication failed." }]);
  });

  it("pages boards with a bookmark and refuses a page_size over 250", async () => {
    const token = String((await tokens()).access_token);
    const first = await (await api(token, "/boards?page_size=1")).json<{ items: unknown[]; bookmark: string }>();
    expect(first.items).toHaveLength(1);
    const second = await (await api(token, `/boards?page_size=1&bookmark=${first.bookmark}`)).json<{
      items: { name: string }[];
    }>();
    expect(second.items[0]!.name).toBe("Shop favourites");
    const big = await api(token, "/boards?page_size=251");
    expect([big.status, (await big.json<{ code: number }>()).code]).toEqual([400, 1]);
  });

  it("uploads a video to the bucket with the returned fields, reports processing, then pins it", async () => {
    const token = String((await tokens()).access_token);
    const reg = await api(token, "/media", { method: "POST", body: JSON.stringify({ media_type: "video" }) });
    expect(reg.status).toBe(201);
    const { media_id, upload_url, upload_parameters } = await reg.json<{
      media_id: string;
      upload_url: string;
      upload_parameters: Record<string, string>;
    }>();
    const path = new URL(upload_url).pathname.replace(/^\/sandbox\/[^/]+/, "");
    const host = new URL(upload_url).pathname.split("/")[2]!;
    const fields = Object.entries(upload_parameters).map(([name, body]) => ({ name, body }));
    const forged = multipart("form-data", [
      ...fields.map((f) => (f.name === "x-amz-signature" ? { ...f, body: "forged" } : f)),
      { name: "file", filename: "v.mp4", type: "video/mp4", body: mp4Like(4096) },
    ]);
    const post = (m: ReturnType<typeof multipart>) =>
      emu(host, path, { method: "POST", body: m.body, headers: { "Content-Type": m.contentType } });
    const refused = await post(forged);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("<Code>AccessDenied</Code>");
    const upload = multipart("form-data", [
      ...fields,
      { name: "file", filename: "v.mp4", type: "video/mp4", body: mp4Like(4096) },
    ]);
    expect((await post(upload)).status).toBe(204);
    expect(await (await api(token, `/media/${media_id}`)).json()).toMatchObject({ status: "processing" });
    const early = await api(token, "/pins", {
      method: "POST",
      body: JSON.stringify({
        board_id: RECIPES,
        media_source: { source_type: "video_id", media_id, cover_image_key_frame_time: 0 },
      }),
    });
    expect([early.status, (await early.json<{ message: string }>()).message]).toEqual([
      400,
      "The video is not ready yet: its status is processing.",
    ]);
    await advanceClock(60_000);
    expect(await (await api(token, `/media/${media_id}`)).json()).toMatchObject({ status: "succeeded" });
    const made = await api(token, "/pins", {
      method: "POST",
      body: JSON.stringify({
        board_id: RECIPES,
        media_source: { source_type: "video_id", media_id, cover_image_key_frame_time: 0 },
      }),
    });
    expect(made.status).toBe(201);
    const pin = await made.json<{ id: string; media: unknown }>();
    // PinMediaWithVideo: the pin shows its video, not the upload it was made from.
    expect(pin.media).toEqual({ media_type: "video", cover_image_url: null });
    expect((await api(token, `/pins/${pin.id}`, { method: "DELETE" })).status).toBe(204);
    const gone = await api(token, `/pins/${pin.id}`);
    expect([gone.status, await gone.json()]).toEqual([404, { code: 50, message: "Pin not found." }]);
  });

  it("holds a pin to its documented limits", async () => {
    const token = String((await tokens()).access_token);
    const png = btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4));
    const base = {
      board_id: RECIPES,
      media_source: { source_type: "image_base64", content_type: "image/png", data: png },
    };
    const tryPin = async (extra: Record<string, unknown>) => {
      const res = await api(token, "/pins", { method: "POST", body: JSON.stringify({ ...base, ...extra }) });
      return [res.status, (await res.json<{ message: string }>()).message];
    };
    expect(await tryPin({ description: "d".repeat(801) })).toEqual([
      400,
      "Invalid request: description must be at most 800 characters.",
    ]);
    expect(await tryPin({ alt_text: "a".repeat(501) })).toEqual([
      400,
      "Invalid request: alt_text must be at most 500 characters.",
    ]);
    expect(await tryPin({ link: "not a url" })).toEqual([
      400,
      "Invalid request: link must be a URL of at most 2,048 characters.",
    ]);
    expect(await tryPin({ board_section_id: "999" })).toEqual([404, "Board section not found."]);
    expect((await tryPin({ title: "t".repeat(100), description: "d".repeat(800) }))[0]).toBe(201);
  });
});
