import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContentTab } from "./ContentTab";
import { HashtagsTab } from "./HashtagsTab";
import type { ContentData, HashtagData } from "./types";

/** The Content and Hashtags tabs where a network measures no reach or impressions (the API's null rate). */
describe("a rate no network of the posts reports", () => {
  it("the Content tab says Not reported, and names no best type on an invented 0%", () => {
    const data = {
      contentTypes: [
        {
          type: "text",
          performance: null,
          count: 3,
          avgEngagement: 40,
          avgReach: 0,
          engagementRate: null,
          rateLeavesOut: ["bluesky"],
        },
      ],
      note: "",
    } as unknown as ContentData;
    const html = renderToStaticMarkup(<ContentTab data={data} />);
    expect(html).toContain('Engagement rate</dt><dd class="text-right font-medium">Not reported</dd>');
    // The badge passes no verdict on it either: not "average", as if it had been compared.
    expect(html).toMatch(/<span class="[^"]*">Not reported<\/span>/);
    expect(html).not.toContain("average");
    expect(html).toContain(
      "No engagement rate to compare: the networks of these posts do not report reach or impressions.",
    );
    expect(html).toContain("The engagement rate leaves out Bluesky posts");
    expect(html).not.toContain("0%");
  });

  it("the Hashtags tab says Not reported for a tag posted only on Mastodon, and ranks the tag that has a rate", () => {
    const data = {
      hashtags: [
        {
          tag: "#rye",
          impressions: 0,
          reach: 0,
          posts: 2,
          engagement: 90,
          engagementToReach: null,
          rateLeavesOut: ["mastodon"],
        },
        {
          tag: "#bread",
          impressions: 500,
          reach: 400,
          posts: 1,
          engagement: 40,
          engagementToReach: 10,
          rateLeavesOut: [],
        },
      ],
    } as unknown as HashtagData;
    const html = renderToStaticMarkup(<HashtagsTab data={data} />);
    expect(html).toMatch(/#rye<\/th>(<td[^>]*>[^<]*<\/td>){4}<td class="px-3 py-2">Not reported<\/td>/);
    expect(html).toContain("#bread earns the most engagement for its reach (10% across");
    expect(html).toContain("The engagement rate leaves out Mastodon posts");
  });
});
