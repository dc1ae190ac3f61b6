import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";

// D1 refuses a statement with more than 100 bound parameters (ADR 118). The agency view reads each shard's
// workspaces in groups: one statement binds a group's ids up to three times (approvals, upcoming, failures).
describe("the agency view of a member of many workspaces", () => {
  it("answers for an owner of 120 workspaces, some 40 on each shard", { timeout: 60_000 }, async () => {
    const olga = await registerUser({ displayName: "Olga" });
    for (let i = 0; i < 120; i += 1) {
      const res = await call<"POST /api/workspaces">("/api/workspaces", {
        token: olga.token,
        body: { name: `Client ${i}` },
      });
      expect(res.status, res.body.message).toBe(201);
    }
    const res = await call<"GET /api/agency">("/api/agency", { token: olga.token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.workspaces).toHaveLength(121);
  });
});
