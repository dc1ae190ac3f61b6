import { describe, expect, it } from "vitest";
import { accountName } from "./account-name";

describe("accountName", () => {
  it("shows a handle with exactly one @ on X, Instagram and Threads", () => {
    expect(accountName({ platform: "twitter", username: "postline_demo", displayName: "Postline Demo" })).toBe(
      "@postline_demo",
    );
    expect(accountName({ platform: "instagram", username: "@sunrisebakery", displayName: "Sunrise Bakery" })).toBe(
      "@sunrisebakery",
    );
    expect(accountName({ platform: "threads", username: "@@maker", displayName: "" })).toBe("@maker");
  });

  it("names Pages, LinkedIn members and YouTube channels by their name, never by an email or @name", () => {
    expect(accountName({ platform: "facebook", username: "Sunrise Bakery", displayName: "Sunrise Bakery" })).toBe(
      "Sunrise Bakery",
    );
    expect(
      accountName({ platform: "linkedin", username: "jordan.rivera@example.com", displayName: "Jordan Rivera" }),
    ).toBe("Jordan Rivera");
    expect(
      accountName({ platform: "youtube", username: "@postlinedemokitchen", displayName: "Postline Demo Kitchen" }),
    ).toBe("Postline Demo Kitchen");
  });

  it("falls back sensibly when a field is missing", () => {
    expect(accountName({ platform: "youtube", username: "@kitchen", displayName: "" })).toBe("kitchen");
    expect(accountName({ platform: "linkedin", username: "jordan@example.com", displayName: null })).toBe("jordan");
    expect(accountName({ platform: "twitter", username: "", displayName: "Postline Demo" })).toBe("Postline Demo");
    expect(accountName({ platform: "facebook" })).toBe("Account");
  });

  it("names a Mastodon account by its full handle, instance included (ADR 059)", () => {
    expect(
      accountName({ platform: "mastodon", username: "bakery@mastodon.example", displayName: "Sunrise Bakery" }),
    ).toBe("@bakery@mastodon.example");
  });
});
