import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
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
    // The chip asks the app layout's data whether the member may move the post (ADR 127).
    const Stub = createRoutesStub([
      { path: "/", Component: () => <PostChip post={post} timeZone="UTC" onOpen={() => {}} /> },
    ]);
    const html = renderToStaticMarkup(<Stub />);
    expect(html).toContain(`truncate">${content}</span>`);
  });
});
