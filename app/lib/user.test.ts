import { describe, expect, it } from "vitest";
import { footerIdentity, initials, welcomeName } from "./user";

describe("welcomeName", () => {
  it("prefers the display name, then the email, then 'User'", () => {
    expect(welcomeName({ displayName: "Ann Lee", email: "ann@x.io" })).toBe("Ann Lee");
    expect(welcomeName({ displayName: "  ", email: "ann@x.io" })).toBe("ann@x.io");
    expect(welcomeName({ displayName: null, email: null })).toBe("User");
    expect(welcomeName(null)).toBe("User");
  });
});

describe("footerIdentity", () => {
  it("falls back to 'User' and 'No Email' separately", () => {
    expect(footerIdentity({ displayName: "Ann", email: "" })).toEqual({ name: "Ann", email: "No Email" });
    expect(footerIdentity({ email: "ann@x.io" })).toEqual({ name: "User", email: "ann@x.io" });
    expect(footerIdentity(undefined)).toEqual({ name: "User", email: "No Email" });
  });
});

describe("initials", () => {
  it("takes the first letters of the name, one letter of an email, and U otherwise", () => {
    expect(initials({ displayName: "ann lee" })).toBe("AL");
    expect(initials({ email: "bob.smith@x.io" })).toBe("B");
    expect(initials({})).toBe("U");
  });
});
