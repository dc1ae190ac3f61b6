import { describe, expect, it } from "vitest";
import { activityLabel, activityPageHref, activityQuery } from "./activity-view";

describe("activity view", () => {
  it("names each action in words", () => {
    expect(activityLabel("rejected")).toBe("Sent back");
    expect(activityLabel("commented")).toBe("Commented on");
    expect(activityLabel("archived")).toBe("Archived the workspace");
    expect(activityLabel("not_an_action")).toBe("not_an_action");
  });

  it("downloads with only the filters that are set", () => {
    expect(activityQuery({ action: "", userId: "" })).toBe("");
    expect(activityQuery({ action: "commented", userId: "" })).toBe("?action=commented");
    expect(activityQuery({ action: "approved", userId: "u 1" })).toBe("?action=approved&userId=u+1");
  });

  it("links a page of the tab, keeping the filters that are set", () => {
    expect(activityPageHref({ action: "", userId: "" }, 2)).toBe("?tab=activity&page=2");
    expect(activityPageHref({ action: "approved", userId: "u 1" }, 3)).toBe(
      "?tab=activity&page=3&action=approved&userId=u+1",
    );
  });
});
