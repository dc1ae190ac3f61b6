import { describe, expect, it } from "vitest";
import { summaryLabel } from "./PostList";

describe("dashboard post badges (issue 42)", () => {
  it("a held post says what it waits for, a post for approval says so, never 'Scheduled'", () => {
    expect(summaryLabel({ status: "held", holdReason: "account_disconnected" })).toBe("Waiting for reconnect");
    expect(summaryLabel({ status: "held", holdReason: "media_deleted" })).toBe("Media deleted");
    expect(summaryLabel({ status: "held", holdReason: null })).toBe("On hold");
    expect(summaryLabel({ status: "pending_approval", holdReason: null })).toBe("Pending approval");
    expect(summaryLabel({ status: "scheduled", holdReason: null })).toBe("Scheduled");
  });
});
