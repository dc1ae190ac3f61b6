import { describe, expect, it } from "vitest";
import { withSecurityHeaders } from "./security-headers";

describe("withSecurityHeaders", () => {
  it("adds HSTS to every answer", () => {
    const res = withSecurityHeaders(new Response("ok"), "n", false);
    expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("percent-encodes non-ASCII in a redirect's Location and keeps existing escapes", () => {
    const res = withSecurityHeaders(
      new Response(null, { status: 302, headers: { Location: "/content?q=café&x=%20" } }),
      "n",
      false,
    );
    expect(res.headers.get("Location")).toBe("/content?q=caf%C3%A9&x=%20");
  });
});
