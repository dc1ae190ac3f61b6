import { describe, expect, it } from "vitest";
import type { WorkspaceContext } from "../tenancy/membership";
import { type AgencyRow, actingIn, agencyQueries, agencyView, WORKSPACES_PER_QUERY } from "./rules";

const ws = (id: string, role: WorkspaceContext["role"], shard = "DB", archived = false): WorkspaceContext => ({
  id,
  name: id.toUpperCase(),
  timezone: "UTC",
  approvalRequired: false,
  mediaRequired: true,
  personalUserId: null,
  shard,
  archived,
  moving: false,
  role,
});
const row = (list: AgencyRow["list"], id: string, workspaceId: string, at: number): AgencyRow => ({
  list,
  id,
  workspaceId,
  content: id,
  status: list === "approvals" ? "pending_approval" : list === "upcoming" ? "scheduled" : "failed",
  platforms: ["twitter"],
  scheduledAt: at,
  updatedAt: at,
  error: null,
});

describe("agency queries", () => {
  it("reads each shard once, approvals only where the role approves, archived workspaces not at all", () => {
    const queries = agencyQueries([
      ws("a", "owner"),
      ws("b", "viewer"),
      ws("c", "editor", "SHARD2"),
      ws("d", "owner", "DB", true),
    ]);
    expect(queries).toEqual([
      { shard: "DB", workspaceIds: ["a", "b"], approverIds: ["a"] },
      { shard: "SHARD2", workspaceIds: ["c"], approverIds: ["c"] },
    ]);
  });

  it("splits a shard with many workspaces into bounded queries", () => {
    const many = Array.from({ length: WORKSPACES_PER_QUERY + 1 }, (_, i) => ws(`w${i}`, "viewer"));
    expect(agencyQueries(many).map((q) => q.workspaceIds.length)).toEqual([WORKSPACES_PER_QUERY, 1]);
  });
});

describe("agency view", () => {
  it("merges the shards' rows: approvals oldest first, upcoming soonest first, failures newest first", () => {
    const view = agencyView(
      [ws("a", "owner"), ws("b", "contributor", "SHARD2")],
      [
        row("upcoming", "late", "a", 300),
        row("failures", "old", "a", 100),
        row("upcoming", "soon", "b", 200),
        row("failures", "new", "b", 400),
        row("approvals", "second", "a", 50),
        row("approvals", "first", "a", 10),
        row("upcoming", "stranger", "x", 1),
      ],
    );
    expect(view.approvals.map((i) => i.postId)).toEqual(["first", "second"]);
    expect(view.upcoming.map((i) => [i.postId, i.workspace.name])).toEqual([
      ["soon", "B"],
      ["late", "A"],
    ]);
    expect(view.failures.map((i) => i.postId)).toEqual(["new", "old"]);
    expect(view.approvals[0]!.canApprove).toBe(true);
  });
});

describe("acting on an item", () => {
  const mine = [ws("acme", "owner"), ws("beta", "viewer"), ws("old", "owner", "DB", true)];

  it("acts in the item's workspace with the role the user has there", () => {
    expect(actingIn(mine, "acme", "posts.approve").id).toBe("acme");
    expect(actingIn(mine, "beta", "workspace.read").id).toBe("beta");
  });

  it("refuses a viewer there, though owner elsewhere; an archived workspace; and a workspace not the user's", () => {
    expect(() => actingIn(mine, "beta", "posts.approve")).toThrow("Your role (viewer) cannot do this in BETA.");
    expect(() => actingIn(mine, "old", "posts.approve")).toThrow("OLD is archived");
    expect(() => actingIn(mine, "elsewhere", "workspace.read")).toThrow("The requested resource was not found.");
  });
});
