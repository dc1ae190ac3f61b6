import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChannelCopyPreview } from "./ChannelCopyPreview";

const channel = {
  platform: "mastodon" as const,
  caption: "Crumb shots from this morning's bake",
  thread: [],
  title: null,
  firstComment: null,
  format: "feed" as const,
  media: [],
  options: { contentWarning: "Bread talk" },
};

describe("a channel's card on the Approvals page and the client's review page", () => {
  it("shows a Mastodon post behind its content warning, as its readers will see it, until Show more", () => {
    const html = renderToStaticMarkup(<ChannelCopyPreview channel={channel} />);
    expect(html).toContain("Bread talk");
    expect(html).toContain(">Show more</button>");
    expect(html).not.toContain("Crumb shots");
  });

  it("shows the post itself when it has no warning", () => {
    const html = renderToStaticMarkup(<ChannelCopyPreview channel={{ ...channel, options: {} }} />);
    expect(html).toContain("Crumb shots from this morning&#x27;s bake");
    expect(html).not.toContain("Show more");
  });
});
