import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type SharedPost, SharedPostReview } from "./SharedPostReview";

const post = (over: Partial<SharedPost>): SharedPost => ({
  id: "p1",
  content: "Spring launch",
  hashtags: [],
  title: null,
  platforms: ["twitter"],
  scheduledDate: "2026-03-06T14:00:00.000Z",
  timezone: "America/New_York",
  timing: "planned",
  publishedAt: null,
  channels: [],
  media: [],
  reviews: [],
  ...over,
});

/** The line above a post's channels on the client's review page, as the browser gets it. */
function timeLine(shown: SharedPost) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <SharedPostReview post={shown} /> }]);
  return renderToStaticMarkup(<Stub />).match(/<p class="text-sm text-slate-600">([^<]*)<\/p>/)?.[1];
}

describe("the client's review page says what is true of a post's time", () => {
  it("planned while its time is ahead, was planned once it has passed", () => {
    expect(timeLine(post({}))).toBe("Planned for Mar 6, 2026, 9:00 AM (America/New_York)");
    expect(timeLine(post({ timing: "was_planned" }))).toBe("Was planned for Mar 6, 2026, 9:00 AM (America/New_York)");
  });

  it("a draft is not scheduled, even one sent back that keeps its old time", () => {
    expect(timeLine(post({ timing: "not_scheduled" }))).toBe("Not scheduled yet");
    expect(timeLine(post({ timing: "not_scheduled", scheduledDate: null }))).toBe("Not scheduled yet");
  });

  it("a post held for the changes asked for waits for them; a published one says when it went out", () => {
    expect(timeLine(post({ timing: "held" }))).toBe("On hold until it is changed as requested");
    expect(timeLine(post({ timing: "published", publishedAt: "2026-03-06T14:02:00.000Z" }))).toBe(
      "Published Mar 6, 2026, 9:02 AM (America/New_York)",
    );
  });
});
