import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MediaJson } from "../posts/types";
import { ComposerPreview } from "./ComposerPreview";
import { type ComposerForm, initialForm } from "./composer-form";

const image = { id: "m1", fileType: "image", url: "/api/media/m1/file", originalName: "a.jpg" } as MediaJson;

function form(): ComposerForm {
  return {
    ...initialForm({ text: "Spring menu" }, Date.parse("2026-03-05T10:00:00Z"), "UTC"),
    platforms: ["twitter", "linkedin"],
    selectedAccounts: { twitter: ["x1"], linkedin: ["li1"] },
    media: [image],
    channels: [
      { platform: "twitter", accountId: "x1", text: "Part one", thread: ["Part two", "Part three"] },
      { platform: "linkedin", accountId: "li1", firstComment: "Menu link in the comments" },
    ],
  };
}

describe("the composer's Preview tab (issue 42)", () => {
  it("shows an X thread's further parts and LinkedIn's first comment under each post", () => {
    const html = renderToStaticMarkup(<ComposerPreview form={form()} accounts={[]} hashtags={["spring"]} />);
    const x = html.slice(html.indexOf('aria-label="X preview"'), html.indexOf('aria-label="LinkedIn preview"'));
    expect(x).toContain("Part one");
    expect(x).toContain('aria-label="X thread preview"');
    expect(x.indexOf("Part two")).toBeLessThan(x.indexOf("Part three"));
    const linkedIn = html.slice(html.indexOf('aria-label="LinkedIn preview"'));
    expect(linkedIn).toContain("Spring menu\n\n#spring");
    expect(linkedIn).toContain('aria-label="LinkedIn first comment"');
    expect(linkedIn).toContain("Menu link in the comments");
  });

  it("shows a Mastodon post behind its content warning, as the instance shows it, until Show more", () => {
    const f = {
      ...form(),
      platforms: ["mastodon" as const],
      selectedAccounts: { mastodon: ["m1"] },
      channels: [
        {
          platform: "mastodon" as const,
          accountId: "m1",
          thread: ["Crumb shots"],
          options: { contentWarning: "Bread talk" },
        },
      ],
    };
    const html = renderToStaticMarkup(<ComposerPreview form={f} accounts={[]} hashtags={[]} />);
    expect(html).toContain("Bread talk");
    expect(html).toContain(">Show more</button>");
    expect(html).not.toContain("Spring menu");
    expect(html).not.toContain("Crumb shots");
  });

  it("shows no first comment where the network has none (Pinterest) and no thread where none was written", () => {
    const f = {
      ...form(),
      platforms: ["pinterest" as const],
      selectedAccounts: { pinterest: ["b1"] },
      channels: [{ platform: "pinterest" as const, accountId: "b1", firstComment: "Not on Pinterest" }],
    };
    const html = renderToStaticMarkup(<ComposerPreview form={f} accounts={[]} hashtags={[]} />);
    expect(html).toContain('aria-label="Pinterest preview"');
    expect(html).not.toContain("Not on Pinterest");
    expect(html).not.toContain("thread preview");
  });
});
