import { describe, expect, it } from "vitest";
import { Conflict, Forbidden, Gone } from "../errors";
import { acceptRefusal, INVITE_TTL_MS, leaveRefusal, MemberMessages, removalRefusal, roleChangeRefusal } from "./rules";

describe("membership rules", () => {
  it("only an owner makes owners or changes an owner's role", () => {
    expect(roleChangeRefusal({ actor: "admin", from: "editor", to: "owner", owners: 1 })).toEqual(
      new Forbidden(MemberMessages.ownerOnly),
    );
    expect(roleChangeRefusal({ actor: "admin", from: "owner", to: "editor", owners: 2 })).toEqual(
      new Forbidden(MemberMessages.ownerOnly),
    );
    expect(roleChangeRefusal({ actor: "admin", from: "viewer", to: "admin", owners: 1 })).toBeNull();
    expect(roleChangeRefusal({ actor: "owner", from: "editor", to: "owner", owners: 1 })).toBeNull();
  });

  it("the last owner cannot be demoted, removed or leave; with a second owner they can", () => {
    expect(roleChangeRefusal({ actor: "owner", from: "owner", to: "admin", owners: 1 })).toEqual(
      new Conflict(MemberMessages.lastOwner),
    );
    expect(roleChangeRefusal({ actor: "owner", from: "owner", to: "admin", owners: 2 })).toBeNull();
    expect(removalRefusal({ actor: "owner", member: "owner", owners: 1 })).toBeInstanceOf(Conflict);
    expect(removalRefusal({ actor: "admin", member: "owner", owners: 2 })).toBeInstanceOf(Forbidden);
    expect(removalRefusal({ actor: "admin", member: "editor", owners: 1 })).toBeNull();
    expect(leaveRefusal({ role: "owner", owners: 1 })?.message).toBe(MemberMessages.lastOwner);
    expect(leaveRefusal({ role: "owner", owners: 2 })).toBeNull();
    expect(leaveRefusal({ role: "viewer", owners: 1 })).toBeNull();
  });

  it("an invitation is accepted once, before it expires, by its own address (any case)", () => {
    const sent = 1_000_000;
    const invite = { email: "ann@example.com", expiresAt: sent + INVITE_TTL_MS, acceptedAt: null };
    expect(acceptRefusal(invite, "Ann@Example.com", sent + 1)).toBeNull();
    expect(acceptRefusal(invite, "ann@example.com", sent + INVITE_TTL_MS)).toEqual(
      new Gone(MemberMessages.inviteExpired),
    );
    expect(acceptRefusal({ ...invite, acceptedAt: sent + 5 }, "ann@example.com", sent + 6)).toEqual(
      new Gone(MemberMessages.inviteUsed),
    );
    expect(acceptRefusal(invite, "bob@example.com", sent + 1)).toEqual(new Forbidden(MemberMessages.inviteEmail));
  });
});
