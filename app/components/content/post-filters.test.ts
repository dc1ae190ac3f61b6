import { describe, expect, it } from "vitest";
import { filtersHref, filtersOf, hasFilters, NO_FILTERS, postsQuery } from "./post-filters";

describe("post filters", () => {
  it("sends only the filters set, with the hub's limit of 100, sorted by the date cards show", () => {
    expect(postsQuery(NO_FILTERS)).toBe("limit=100&sort=date");
    expect(
      postsQuery({
        search: " #summer ",
        status: "scheduled",
        platform: "twitter",
        label: "label-1",
        from: "2026-03-01",
        to: "2026-03-31",
      }),
    ).toBe(
      "limit=100&sort=date&search=%23summer&status=scheduled&platform=twitter&label=label-1&from=2026-03-01&to=2026-03-31",
    );
  });
  it("knows when any filter is set (for the empty state's wording)", () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, to: "2026-03-31" })).toBe(true);
  });
  it("reads the URL's filters (as a GET form sends them, empty ones included) and writes only those set", () => {
    const sent = new URLSearchParams("search=%23summer&status=scheduled&platform=&label=label-1&from=2026-03-01&to=");
    const f = filtersOf(sent);
    expect(f).toEqual({
      search: "#summer",
      status: "scheduled",
      platform: "",
      label: "label-1",
      from: "2026-03-01",
      to: "",
    });
    expect(filtersHref(f)).toBe("/content?search=%23summer&status=scheduled&label=label-1&from=2026-03-01");
    expect(filtersOf(new URLSearchParams("status=pending_approval&tab=posts"))).toEqual(NO_FILTERS);
    expect(filtersHref(NO_FILTERS)).toBe("/content");
  });
});
