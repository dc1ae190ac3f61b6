import { describe, expect, it } from "vitest";
import { insertAccounts } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";

// D1 refuses a statement with more than 100 bound parameters (ADR 118). Instagram's disconnect takes every
// Instagram and Facebook account of the workspace, and a workspace's accounts are not capped.
describe("POST /api/auth/instagram/disconnect", () => {
  it("disconnects a workspace's 120 Instagram and Facebook accounts", async () => {
    const u = await registerUser();
    await insertAccounts(u.user.id, "instagram", 60, "ig");
    await insertAccounts(u.user.id, "facebook", 60, "fb");
    const res = await call<"POST /api/auth/instagram/disconnect">("/api/auth/instagram/disconnect", {
      token: u.token,
      method: "POST",
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.removed).toBe(120);
  });
});
