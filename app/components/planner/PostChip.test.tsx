import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PostJson } from "~/components/posts/types";
import { PostChip } from "./PostChip";

describe("a planner chip (issue 42)", () => {
  it("carries the caption for the row's width to cut, not 30 characters", () => {
    const content = "Our spring menu is here: wild garlic soup, rhubarb tart and a new sourdough every Saturday";
    const post = {
      id: "p1",
      status: "scheduled",
      platforms: ["twitter"],
      content,
      channels: [],
      publishedAt: null,
      scheduledDate: "2026-03-05T09:00:00.000Z",
      createdAt: "2026-03-01T09:00:00.000Z",
    } as unknown as PostJson;
    const html = renderToStaticMarkup(<PostChip post={post} timeZone="UTC" onOpen={() => {}} />);
    expect(html).toContain(`truncate">${content}</span>`);
  });
});
