import { describe, expect, it } from "vitest";
import { activityLabel, activityQuery } from "./activity-view";

describe("activity view", () => {
  it("names each action in words", () => {
    expect(activityLabel("rejected")).toBe("Sent back");
    expect(activityLabel("commented")).toBe("Commented on");
    expect(activityLabel("archived")).toBe("archived");
  });

  it("asks for a page with only the filters that are set", () => {
    expect(activityQuery({ action: "", userId: "" }, 2)).toBe("?page=2");
    expect(activityQuery({ action: "approved", userId: "u 1" }, 1)).toBe("?page=1&action=approved&userId=u+1");
    expect(activityQuery({ action: "", userId: "" })).toBe("");
    expect(activityQuery({ action: "commented", userId: "" })).toBe("?action=commented");
  });
});
