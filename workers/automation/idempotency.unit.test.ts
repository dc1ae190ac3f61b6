import { describe, expect, it } from "vitest";
import { outcomeOf } from "./idempotency";

describe("a claimed Idempotency-Key", () => {
  it("replays a finished answer, waits on a running one, refuses another body", () => {
    expect(outcomeOf({ requestHash: "h", responseStatus: 201, responseBody: "{}" }, "h")).toEqual({
      kind: "replay",
      status: 201,
      body: "{}",
    });
    expect(outcomeOf({ requestHash: "h", responseStatus: null, responseBody: null }, "h")).toEqual({ kind: "pending" });
    expect(outcomeOf({ requestHash: "h", responseStatus: 201, responseBody: "{}" }, "other")).toEqual({
      kind: "mismatch",
    });
  });
});
