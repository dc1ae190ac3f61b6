import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { pinterestUser, RECIPES_BOARD } from "../test/pinterest-fixtures";

describe("Pinterest boards through the API", () => {
  it("lists the account's boards with sections, creates one, and hides another workspace's account", async () => {
    const { u, accountId } = await pinterestUser();
    const listed = await call<"GET /api/accounts/:id/boards">(`/api/accounts/${accountId}/boards`, { token: u.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.boards.find((b) => b.id === RECIPES_BOARD)?.name).toBe("Recipes");

    const name = `Weekend bakes ${crypto.randomUUID().slice(0, 6)}`;
    const made = await call<"POST /api/accounts/:id/boards">(`/api/accounts/${accountId}/boards`, {
      token: u.token,
      method: "POST",
      body: { name },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.boards.map((b) => b.name)).toContain(name);
    const again = await call(`/api/accounts/${accountId}/boards`, { token: u.token, method: "POST", body: { name } });
    expect([again.status, again.body.message]).toEqual([
      400,
      "Try a different name. You already have a board with this name.",
    ]);
    const empty = await call(`/api/accounts/${accountId}/boards`, {
      token: u.token,
      method: "POST",
      body: { name: " " },
    });
    expect([empty.status, empty.body.message]).toEqual([400, "Name the board"]);

    const stranger = await registerUser();
    const hidden = await call(`/api/accounts/${accountId}/boards`, { token: stranger.token });
    expect(hidden.status).toBe(404);
  });
});
