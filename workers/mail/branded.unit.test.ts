import { describe, expect, it } from "vitest";
import { brandedMail } from "./branded";

const brand = { name: "Acme <Bakery>", color: "#0f766e", logoUrl: "https://app.example/api/brand-logos/w1?v=2" };
const content = {
  subject: "Review requested",
  paragraphs: ['Ana asked you to review "Fresh bread & more".'],
  action: { label: "Open Postline", url: "https://app.example/content?post=p1&x=1" },
  footer: ["Unsubscribe: https://app.example/unsubscribe/abc."],
};

describe("brandedMail", () => {
  it("writes a plain-text part that says everything the HTML says, under the workspace's name", () => {
    const { subject, text } = brandedMail(brand, content);
    expect(subject).toBe("Review requested");
    expect(text).toBe(
      [
        "Acme <Bakery>",
        "",
        'Ana asked you to review "Fresh bread & more".',
        "",
        "Open Postline: https://app.example/content?post=p1&x=1",
        "",
        "--",
        "Unsubscribe: https://app.example/unsubscribe/abc.",
      ].join("\n"),
    );
  });

  it("draws the HTML part in the brand's colour with its logo, escaping every text", () => {
    const { html } = brandedMail(brand, content);
    expect(html).toContain("background:#0f766e;color:#ffffff");
    expect(html).toContain('<img src="https://app.example/api/brand-logos/w1?v=2" alt=""');
    expect(html).toContain("Acme &lt;Bakery&gt;</td>");
    expect(html).toContain("Ana asked you to review &quot;Fresh bread &amp; more&quot;.");
    expect(html).toContain('<a href="https://app.example/content?post=p1&amp;x=1"');
    // A URL at the end of a sentence is linked without its full stop.
    expect(html).toContain('<a href="https://app.example/unsubscribe/abc" style="color:inherit">');
    expect(html).not.toContain("<script");
  });

  it("leaves the logo out when the workspace has none, and the action and footer when there are none", () => {
    const { html, text } = brandedMail({ ...brand, logoUrl: null }, { subject: "s", paragraphs: ["Hello"] });
    expect(html).not.toContain("<img");
    expect(html).not.toContain("border-top");
    expect(text).toBe("Acme <Bakery>\n\nHello");
  });
});
