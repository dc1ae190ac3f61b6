import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { fileOf, jpegBytes, mp4Bytes } from "../test/media-fixtures";

/** The keys R2 holds under a prefix. */
const keysUnder = async (prefix: string) => (await env.MEDIA.list({ prefix })).objects.map((o) => o.key);

describe("deleting a workspace removes its files", () => {
  it("media originals, thumbnails and captions, the brand logo and report files go; another workspace's stay", {
    timeout: 60_000,
  }, async () => {
    const owner = await registerUser();
    const ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "Bakery" } }))
      .body.data.id;
    const o = { token: owner.token, headers: { "X-Workspace-Id": ws } };
    const raw = (path: string, contentType: string, body: BodyInit) =>
      SELF.fetch(`${ORIGIN}${path}`, {
        method: "PUT",
        headers: {
          Authorization: `Bearer ${owner.token}`,
          Origin: ORIGIN,
          "X-Workspace-Id": ws,
          "Content-Type": contentType,
        },
        body,
      });
    const upload = async (file: File, headers = o.headers) => {
      const form = new FormData();
      form.append("files", file);
      return (await call<"POST /api/media/upload">("/api/media/upload", { ...o, headers, body: form })).body.data[0]!
        .id;
    };

    const photo = await upload(fileOf(jpegBytes(1080, 1080), "menu.jpg"));
    expect((await raw(`/api/media/${photo}/thumbnail`, "image/jpeg", jpegBytes(300, 300).slice())).status).toBe(200);
    const clip = await upload(fileOf(await mp4Bytes({ width: 320, height: 240, seconds: 1 }), "clip.mp4"));
    const vtt = "WEBVTT\n\n00:00.000 --> 00:01.000\nFresh bread\n";
    expect((await raw(`/api/media/${clip}/captions/en`, "text/vtt", vtt)).status).toBe(200);
    const logo = new FormData();
    logo.append("logo", fileOf(jpegBytes(64, 64), "logo.jpg"));
    expect((await call("/api/brand/logo", { ...o, method: "PUT", body: logo })).status).toBe(200);
    const schedule = await call<"POST /api/analytics/reports/schedules">("/api/analytics/reports/schedules", {
      ...o,
      body: { kind: "summary", format: "csv", frequency: "weekly", weekday: 1, hour: 9 },
    });
    const sent = await call(`/api/analytics/reports/schedules/${schedule.body.data.id}/send`, { ...o, method: "POST" });
    expect(sent.status).toBe(200);
    // The owner's own workspace keeps its photo.
    const mine = await upload(fileOf(jpegBytes(800, 800), "mine.jpg"), { "X-Workspace-Id": owner.user.id });

    const prefixes = [`media/${ws}/`, `brands/${ws}/`, `reports/${ws}/`];
    const before = (await Promise.all(prefixes.map(keysUnder))).flat();
    expect(before).toEqual(
      expect.arrayContaining([
        `media/${ws}/${photo}/menu.jpg`,
        expect.stringMatching(new RegExp(`^media/${ws}/${photo}/thumb/thumbnail\\.`)),
        `media/${ws}/${clip}/clip.mp4`,
        `media/${ws}/${clip}/captions/en.vtt`,
        expect.stringMatching(new RegExp(`^brands/${ws}/logo-`)),
        expect.stringMatching(new RegExp(`^reports/${ws}/.+\\.csv$`)),
      ]),
    );

    const deleted = await call<"DELETE /api/workspaces/:id">(`/api/workspaces/${ws}`, { ...o, method: "DELETE" });
    expect([deleted.status, deleted.body.message]).toEqual([200, "Workspace deleted"]);
    expect((await Promise.all(prefixes.map(keysUnder))).flat()).toEqual([]);
    expect(await keysUnder(`media/${owner.user.id}/${mine}/`)).toEqual([`media/${owner.user.id}/${mine}/mine.jpg`]);
  });
});
