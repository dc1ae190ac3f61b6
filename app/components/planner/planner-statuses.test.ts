import { describe, expect, it } from "vitest";
import { activeFilters, filtersLabel, PLANNER_STATUSES } from "./planner-statuses";

describe("the Filters button", () => {
  it("counts each hidden status and each picked channel, and names the count", () => {
    expect(activeFilters(PLANNER_STATUSES, [])).toBe(0);
    expect(filtersLabel(activeFilters(PLANNER_STATUSES, []))).toBe("Filters");
    expect(activeFilters(["scheduled", "published"], [])).toBe(2);
    expect(activeFilters(PLANNER_STATUSES, ["instagram"])).toBe(1);
    expect(filtersLabel(activeFilters(["scheduled"], ["instagram", "linkedin"]))).toBe("Filters, 5 active");
  });
});
