import { applyD1Migrations, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { fileOf, jpegBytes, mp4Bytes } from "../test/media-fixtures";
import { migratedBefore } from "../test/migration-db";

type User = Awaited<ReturnType<typeof registerUser>>;

async function upload(u: User, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("files", fileOf(bytes, name));
  return (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body.data[0]!;
}

const vtt = (line: string) => new TextEncoder().encode(`WEBVTT\n\n00:00.000 --> 00:02.000\n${line}\n`);

function captions(u: User, id: string, lang: string, body?: Uint8Array, type = "text/vtt") {
  return SELF.fetch(`${ORIGIN}/api/media/${id}/captions/${lang}`, {
    method: body ? "PUT" : "DELETE",
    headers: { Authorization: `Bearer ${u.token}`, Origin: ORIGIN, ...(body && { "Content-Type": type }) },
    body: body?.slice(),
  });
}

describe("a video's captions in the library (WebVTT per language, for Bluesky)", () => {
  it("keeps one file per language beside the video, replaces and removes them, and lists them on the item", async () => {
    const u = await registerUser();
    const video = await upload(u, await mp4Bytes({ width: 640, height: 360, seconds: 1 }), "bake.mp4");
    expect(video.captions).toEqual([]);

    const en = vtt("Fold the dough.");
    const saved = await captions(u, video.id, "en", vtt("first try"));
    expect(saved.status).toBe(200);
    expect((await captions(u, video.id, "en", en)).status).toBe(200);
    const both = await (await captions(u, video.id, "pt-BR", vtt("Dobre a massa."))).json<any>();
    expect(both).toMatchObject({ success: true, message: "Captions saved" });
    expect(both.data.captions).toEqual([
      { lang: "en", size: en.length },
      { lang: "pt-BR", size: vtt("Dobre a massa.").length },
    ]);
    const stored = await env.MEDIA.get(`media/${u.user.id}/${video.id}/captions/en.vtt`);
    expect(await stored!.text()).toBe(new TextDecoder().decode(en));

    const removed = await (await captions(u, video.id, "en")).json<any>();
    expect(removed).toMatchObject({ success: true, message: "Captions removed" });
    expect(removed.data.captions).toEqual([{ lang: "pt-BR", size: expect.any(Number) }]);
    expect(await env.MEDIA.head(`media/${u.user.id}/${video.id}/captions/en.vtt`)).toBeNull();
    expect((await captions(u, video.id, "en")).status).toBe(404);
    const item = await call<"GET /api/media/:id">(`/api/media/${video.id}`, { token: u.token });
    expect(item.body.data.captions.map((c) => c.lang)).toEqual(["pt-BR"]);
  });

  it("refuses what is not a WebVTT caption of a video, with the reason, and keeps nothing", async () => {
    const u = await registerUser();
    const video = await upload(u, await mp4Bytes({ width: 640, height: 360, seconds: 1 }), "clip.mp4");
    const photo = await upload(u, jpegBytes(400, 300), "loaf.jpg");
    const cases: Array<[string, string, Uint8Array, string, number, string]> = [
      [photo.id, "en", vtt("x"), "text/vtt", 400, "Captions go on videos only."],
      [
        video.id,
        "en",
        vtt("x"),
        "application/x-subrip",
        400,
        "Captions must be a WebVTT file (.vtt) that starts with WEBVTT.",
      ],
      [
        video.id,
        "en",
        new TextEncoder().encode("1\n00:00:00,000 --> 00:00:01,000\nSRT\n"),
        "text/vtt",
        415,
        "Captions must be a WebVTT file (.vtt) that starts with WEBVTT.",
      ],
      [
        video.id,
        "en",
        new Uint8Array([...vtt("x"), 0xff, 0xfe]),
        "text/vtt",
        415,
        "Captions must be a WebVTT file (.vtt) that starts with WEBVTT.",
      ],
      [video.id, "en", vtt("x".repeat(20_000)), "text/vtt", 400, "A caption file is at most 20,000 bytes."],
      [
        video.id,
        "English",
        vtt("x"),
        "text/vtt",
        400,
        "Name the captions' language as a language tag, like en, pt-BR or zh-Hant.",
      ],
    ];
    for (const [id, lang, body, type, status, message] of cases) {
      const res = await captions(u, id, lang, body, type);
      expect([res.status, await res.json()], message).toEqual([status, { success: false, message }]);
    }
    const item = await call<"GET /api/media/:id">(`/api/media/${video.id}`, { token: u.token });
    expect(item.body.data.captions).toEqual([]);
    // Another workspace's video is not found, whatever the request says.
    const other = await registerUser();
    expect((await captions(other, video.id, "en", vtt("mine now"))).status).toBe(404);
    expect((await captions(other, video.id, "en")).status).toBe(404);
  });
});

describe("migration 0074 on a database holding media", () => {
  it("gives every existing file no captions, and keeps the rows", async () => {
    const db = await migratedBefore("0074");
    await db.batch(
      [
        "INSERT INTO users (id, email, display_name, password_hash) VALUES ('u1', 'u1@example.com', 'U1', 'x')",
        "INSERT INTO workspaces (id, name) VALUES ('w1', 'Bakery')",
        "INSERT INTO media (id, workspace_id, user_id, r2_key, original_name, filename, display_name, file_type, mime_type, format, size) VALUES ('m1', 'w1', 'u1', 'k', 'a.mp4', 'a.mp4', 'a', 'video', 'video/mp4', 'mp4', 10)",
      ].map((sql) => db.prepare(sql)),
    );
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    expect(await db.prepare("SELECT id, captions FROM media").all()).toMatchObject({
      results: [{ id: "m1", captions: "[]" }],
    });
  });
});
