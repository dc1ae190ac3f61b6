import { describe, expect, it } from "vitest";
import { skipDialogRevalidation } from "./dialog-params";

const args = (from: string, to: string, formMethod?: "GET" | "POST") =>
  ({
    currentUrl: new URL(from, "http://x"),
    nextUrl: new URL(to, "http://x"),
    formMethod,
    defaultShouldRevalidate: true,
  }) as Parameters<typeof skipDialogRevalidation>[0];

describe("skipDialogRevalidation", () => {
  it("keeps the loaders' data when only a dialog opens or closes", () => {
    expect(skipDialogRevalidation(args("/settings?tab=accounts", "/settings?tab=accounts&connect=pick"))).toBe(false);
    expect(skipDialogRevalidation(args("/settings?tab=accounts&disconnect=a1", "/settings?tab=accounts"))).toBe(false);
  });

  it("reads again for another tab, another page, a form's post or an explicit revalidation", () => {
    expect(skipDialogRevalidation(args("/settings?tab=api", "/settings?tab=api"))).toBe(true);
    expect(skipDialogRevalidation(args("/settings?tab=accounts", "/settings?tab=api&connect=pick"))).toBe(true);
    expect(skipDialogRevalidation(args("/settings?tab=accounts", "/dashboard?tab=accounts"))).toBe(true);
    const posted = args("/settings?tab=accounts&disconnect=a1", "/settings?tab=accounts&disconnect=a1", "POST");
    expect(skipDialogRevalidation(posted)).toBe(true);
  });
});
