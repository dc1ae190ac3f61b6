import { describe, expect, it } from "vitest";
import { signaturesOf, signedBody } from "./signatures";

const body = {
  content: "Fresh bread today",
  platforms: ["twitter", "linkedin", "facebook"] as const,
  selectedAccounts: { twitter: ["tw1"], linkedin: ["li1", "li2"], facebook: ["fb1"] },
  channels: [{ platform: "linkedin" as const, accountId: "li2", text: "Fresh bread, for the team" }],
};
const signatures = signaturesOf([
  { id: "1", kind: "signature", name: "X", body: "— Team", platform: "twitter", updatedAt: "" },
  { id: "2", kind: "signature", name: "In", body: "— The Bakery", platform: "linkedin", updatedAt: "" },
  { id: "3", kind: "hashtags", name: "Tags", body: "#bread", platform: null, updatedAt: "" },
]);

describe("signatures in the composer", () => {
  it("end each signed channel's text, its own version's or the post's; other channels are left as they are", () => {
    const signed = signedBody({ ...body, platforms: [...body.platforms] }, signatures, new Set());
    expect(signed.channels).toEqual([
      { platform: "linkedin", accountId: "li2", text: "Fresh bread, for the team\n\n— The Bakery" },
      { platform: "twitter", accountId: "tw1", text: "Fresh bread today\n\n— Team" },
      { platform: "linkedin", accountId: "li1", text: "Fresh bread today\n\n— The Bakery" },
    ]);
    // Signing twice changes nothing.
    expect(signedBody(signed, signatures, new Set())).toBe(signed);
  });

  it("come off a channel the author removed them from", () => {
    const signed = signedBody({ ...body, platforms: [...body.platforms] }, signatures, new Set());
    const unsigned = signedBody(signed, signatures, new Set(["linkedin"] as const));
    expect(unsigned.channels.filter((c) => c.platform === "linkedin").map((c) => c.text)).toEqual([
      "Fresh bread, for the team",
      "Fresh bread today",
    ]);
  });
});
