import { describe, expect, it } from "vitest";
import { hasFilters, NO_FILTERS, postsQuery } from "./post-filters";

describe("post filters", () => {
  it("sends only the filters set, with the hub's limit of 100", () => {
    expect(postsQuery(NO_FILTERS)).toBe("limit=100");
    expect(
      postsQuery({
        search: " #summer ",
        status: "scheduled",
        platform: "twitter",
        from: "2026-03-01",
        to: "2026-03-31",
      }),
    ).toBe("limit=100&search=%23summer&status=scheduled&platform=twitter&from=2026-03-01&to=2026-03-31");
  });
  it("knows when any filter is set (for the empty state's wording)", () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, to: "2026-03-31" })).toBe(true);
  });
});
