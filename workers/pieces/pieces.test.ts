import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";

describe("saved pieces", () => {
  it("keep a workspace's hashtag groups, templates and one signature per channel", async () => {
    const u = await registerUser();
    const add = (body: Record<string, unknown>) => call<"POST /api/pieces">("/api/pieces", { token: u.token, body });

    const tags = await add({ kind: "hashtags", name: "Bakery", body: "bread, #fresh #bread" });
    expect([tags.status, tags.body.message]).toEqual([201, "Saved: insert it from the composer's Saved pieces menu"]);
    expect(tags.body.data).toMatchObject({ kind: "hashtags", body: "#bread #fresh", platform: null });
    expect((await add({ kind: "template", name: "Menu", body: "{weekday}'s menu: {dish}" })).status).toBe(201);
    const sign = await add({ kind: "signature", name: "Sign-off", body: "— Team Bakery", platform: "twitter" });
    expect(sign.status).toBe(201);

    for (const [body, status, message] of [
      [
        { kind: "signature", name: "Again", body: "— Us", platform: "twitter" },
        409,
        "X already has a signature; edit that one instead",
      ],
      [
        { kind: "signature", name: "No channel", body: "— Us" },
        400,
        "A signature belongs to one channel: please choose it",
      ],
      [
        { kind: "hashtags", name: "Bad", body: "#ok #not-ok" },
        400,
        "A hashtag group holds 1 to 30 hashtags of letters, digits and underscores, like #bakery #fresh",
      ],
      [
        { kind: "emoji", name: "?", body: "x" },
        400,
        "Please choose what to save: a hashtag group, a caption template or a signature",
      ],
      [{ kind: "template", name: " ", body: "x" }, 400, "Please give it a name of at most 60 characters"],
    ] as const) {
      const res = await call("/api/pieces", { token: u.token, body });
      expect([res.status, res.body.message]).toEqual([status, message]);
    }

    const list = await call<"GET /api/pieces">("/api/pieces", { token: u.token });
    expect(list.body.data.pieces.map((p) => [p.kind, p.name])).toEqual([
      ["hashtags", "Bakery"],
      ["signature", "Sign-off"],
      ["template", "Menu"],
    ]);

    const edited = await call<"PATCH /api/pieces/:id">(`/api/pieces/${tags.body.data.id}`, {
      token: u.token,
      method: "PATCH",
      body: { body: "sourdough rye" },
    });
    expect([edited.status, edited.body.message, edited.body.data.body]).toEqual([
      200,
      "Saved piece updated",
      "#sourdough #rye",
    ]);
    const badEdit = await call(`/api/pieces/${tags.body.data.id}`, {
      token: u.token,
      method: "PATCH",
      body: { body: "no-dashes-here" },
    });
    expect(badEdit.status).toBe(400);

    // Another workspace neither sees nor changes them.
    const other = await registerUser();
    expect((await call<"GET /api/pieces">("/api/pieces", { token: other.token })).body.data.pieces).toEqual([]);
    for (const method of ["PATCH", "DELETE"] as const) {
      const res = await call(`/api/pieces/${sign.body.data.id}`, { token: other.token, method, body: { name: "x" } });
      expect([res.status, res.body.message]).toEqual([404, "The requested resource was not found."]);
    }

    const removed = await call(`/api/pieces/${sign.body.data.id}`, { token: u.token, method: "DELETE" });
    expect([removed.status, removed.body.message]).toEqual([200, "Saved piece removed"]);
    // With the old one gone, the channel may have a new signature.
    expect((await add({ kind: "signature", name: "New", body: "— Us", platform: "twitter" })).status).toBe(201);
  });
});
