import { describe, expect, it } from "vitest";
import { derivePostStatus } from "./status";

const t = (...statuses: Parameters<typeof derivePostStatus>[0][number]["status"][]) => statuses.map((status) => ({ status }));

describe("derivePostStatus", () => {
  it.each([
    [t("published", "published"), "published"],
    [t("published", "failed"), "partially_published"],
    [t("failed", "failed"), "failed"],
    [t("queued", "published"), "publishing"],
    [t("publishing"), "publishing"],
    [t("unconfirmed", "failed"), "publishing"],
    [t("scheduled", "published"), "scheduled"],
    [t("scheduled", "scheduled"), "scheduled"],
    [t("draft"), "draft"],
  ] as const)("%j → %s", (targets, expected) => {
    expect(derivePostStatus(targets, "scheduled")).toBe(expected);
  });

  it("a post without targets keeps the user's intent", () => {
    expect(derivePostStatus([], "draft")).toBe("draft");
    expect(derivePostStatus([], "scheduled")).toBe("scheduled");
  });
});
