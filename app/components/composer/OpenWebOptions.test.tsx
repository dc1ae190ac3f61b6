import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OpenWebOptions } from "./OpenWebOptions";

const render = (platform: "mastodon" | "bluesky" | "linkedin") =>
  renderToStaticMarkup(
    <OpenWebOptions platform={platform} options={{ statusVisibility: "unlisted", language: "de" }} set={() => {}} />,
  );

describe("the composer's open-web options (issue 38)", () => {
  it("offers Mastodon its visibility, content warning and language, with what the channel chose", () => {
    const html = render("mastodon");
    expect(html).toContain(">Visibility</label>");
    expect(html).toMatch(/<option value="unlisted" selected="">Quiet public/);
    expect(html).toContain(">Content warning</label>");
    expect(html).toMatch(/>Language<\/label><input[^>]*value="de"/);
  });

  it("offers Bluesky the language only, and a network without these nothing", () => {
    const html = render("bluesky");
    expect(html).toContain(">Language</label>");
    expect(html).not.toContain("Visibility");
    expect(html).not.toContain("Content warning");
    expect(render("linkedin")).toBe("");
  });
});
