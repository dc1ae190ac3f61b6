import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ChannelList } from "./ChannelList";
import type { PostJson } from "./types";

const REASON = "Your role (contributor) cannot do this in Oven. Ask an owner or admin for the editor role.";

/** A failed X channel in the post details, for a member the app layout's data says may or may not publish. */
function render(refused: Record<string, string>) {
  const post = {
    id: "p1",
    platformPosts: [
      { id: "t1", platform: "twitter", accountId: "a1", status: "failed", error: { message: "X was down" } },
    ],
  } as unknown as PostJson;
  const Stub = createRoutesStub([
    {
      id: "app",
      path: "/",
      Component: () => <ChannelList post={post} accounts={[]} timeZone="UTC" onUpdated={() => {}} />,
    },
  ]);
  return renderToStaticMarkup(
    <Stub hydrationData={{ loaderData: { app: { user: { id: "u1" }, workspace: { refused, submits: true } } } }} />,
  );
}

describe("a failed channel's Retry in the post details (ADR 128)", () => {
  it("is disabled for a member without posts.publish, naming the server's reason, instead of a 403 after the click", () => {
    const html = render({ "posts.publish": REASON });
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Retry X"[^>]*aria-describedby="t1-refused"/);
    expect(html).toContain(`<p id="t1-refused" class="basis-full text-xs text-slate-500">${REASON}</p>`);
  });

  it("is there to use for a member who may publish", () => {
    const html = render({});
    expect(html).toMatch(/<button[^>]*aria-label="Retry X"/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*aria-label="Retry X"/);
    expect(html).not.toContain("cannot do this");
  });
});
