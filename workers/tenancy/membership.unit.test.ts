import { describe, expect, it } from "vitest";
import { pickMembership, type WorkspaceContext } from "./membership";

const ws = (id: string, personalUserId: string | null = null): WorkspaceContext => ({
  id,
  name: id,
  timezone: "UTC",
  approvalRequired: false,
  mediaRequired: true,
  personalUserId,
  shard: "DB",
  archived: false,
  moving: false,
  role: "editor",
});
const mine = [ws("team"), ws("u1", "u1"), ws("agency")];

describe("the workspace a request acts in, among the caller's", () => {
  it("is the personal one when none is named", () => {
    expect(pickMembership(mine, "u1", null, false)?.id).toBe("u1");
    expect(pickMembership(mine, "u1", null, true)?.id).toBe("u1");
  });

  it("is the named one when the caller is in it", () => {
    expect(pickMembership(mine, "u1", "agency", false)?.id).toBe("agency");
    expect(pickMembership(mine, "u1", "agency", true)?.id).toBe("agency");
  });

  it("is none for a strictly named workspace the caller is not in, the personal one for a lenient name", () => {
    expect(pickMembership(mine, "u1", "elsewhere", false)).toBeNull();
    expect(pickMembership(mine, "u1", "elsewhere", true)?.id).toBe("u1");
  });

  it("never takes another user's personal workspace for the caller's", () => {
    const shared = [ws("u2", "u2"), ws("team")];
    expect(pickMembership(shared, "u1", null, true)).toBeNull();
    expect(pickMembership(shared, "u1", "u2", false)?.id).toBe("u2");
  });
});
