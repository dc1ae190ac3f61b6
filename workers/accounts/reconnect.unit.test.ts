import { describe, expect, it } from "vitest";
import { PlatformError } from "../platforms/types";
import { reconnectReason } from "./reconnect";

describe("reconnectReason", () => {
  it("names the missing permission, shortening Google's scope URLs", () => {
    const graph = new PlatformError("auth", "(#200) requires pages_manage_posts", {
      platform: "facebook",
      denied: { permission: "pages_manage_posts" },
    });
    expect(reconnectReason("Sunrise Bakery", graph)).toBe("Reconnect Sunrise Bakery and allow pages_manage_posts.");
    const google = new PlatformError("auth", "Request had insufficient authentication scopes.", {
      platform: "youtube",
      denied: { permission: "https://www.googleapis.com/auth/youtube.upload" },
    });
    expect(reconnectReason("Demo Kitchen", google)).toBe("Reconnect Demo Kitchen and allow youtube.upload.");
  });

  it("asks for every permission when the platform did not say which, and keeps other refusals' own words", () => {
    const unnamed = new PlatformError("auth", "Not enough permissions", {
      platform: "linkedin",
      denied: { permission: null },
    });
    expect(reconnectReason("Acme", unnamed)).toBe("Reconnect Acme and allow every permission Postline asks for.");
    const expired = new PlatformError("auth", "Error validating access token: Session has expired", {
      platform: "instagram",
    });
    expect(reconnectReason("Acme", expired)).toBe("Error validating access token: Session has expired");
  });
});
