import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { InboxItemView } from "../../../workers/inbox/index";
import { ModerationForm } from "./ModerationForm";

const item = (over: Partial<InboxItemView> = {}) =>
  ({ id: "i1", kind: "comment", hidden: false, liked: false, deleted: false, ...over }) as InboxItemView;

/** The buttons shown for an item whose network offers `offered`. */
function buttons(view: InboxItemView, offered: string[]) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <ModerationForm item={view} offered={offered} busy={false} /> },
  ]);
  return [...renderToStaticMarkup(<Stub />).matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((m) => m[1]);
}

describe("an inbox item's actions on its network (ADR 083)", () => {
  it("offers only what the network's API has: X hides and likes, Threads hides, YouTube hides and deletes", () => {
    expect(buttons(item(), ["hide", "unhide", "like", "unlike"])).toEqual(["Hide", "Like"]);
    expect(buttons(item(), ["hide", "unhide"])).toEqual(["Hide"]);
    expect(buttons(item(), ["hide", "unhide", "delete"])).toEqual(["Hide", "Delete"]);
  });

  it("offers the opposite of the item's state, and nothing once it is deleted or on a network without actions", () => {
    const all = ["hide", "unhide", "like", "unlike", "delete"];
    expect(buttons(item({ hidden: true, liked: true }), all)).toEqual(["Show again", "Unlike", "Delete"]);
    expect(buttons(item({ deleted: true }), all)).toEqual([]);
    expect(buttons(item(), [])).toEqual([]);
  });
});
