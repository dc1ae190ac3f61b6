import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { WorkspaceTab } from "./WorkspaceTab";

type Props = ComponentProps<typeof WorkspaceTab>;

/** The tab as an owner of a Berlin workspace sees it, reading in `timezone`, with one invitation pending. */
function render(timezone: string) {
  const props = {
    workspace: { id: "w1", name: "Crumb Agency", timezone: "Europe/Berlin", role: "owner", personal: false },
    members: [],
    invites: [{ id: "i1", email: "carl@example.com", role: "editor", expiresAt: "2026-03-06T02:30:00.000Z" }],
    archived: [],
    brand: { color: null, effectiveColor: "#1d4ed8", logoUrl: null },
    labels: [],
    userId: "u1",
    timezone,
    notify: () => {},
  } as unknown as Props;
  const Stub = createRoutesStub([{ path: "/", Component: () => <WorkspaceTab {...props} /> }]);
  return renderToStaticMarkup(<Stub />);
}

describe("Settings → Workspace → invitations", () => {
  it("says until when an invitation is pending in the reader's zone, not as a UTC date", () => {
    // 02:30 UTC on March 6 is still the evening of March 5 in New York.
    expect(render("America/New_York")).toContain("carl@example.com · editor · pending until Mar 5, 2026, 9:30 PM");
    expect(render("Asia/Tokyo")).toContain("pending until Mar 6, 2026, 11:30 AM");
  });
});
