import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ChannelFigures } from "./ChannelFigures";
import { ChannelList } from "./ChannelList";
import type { PostJson, TargetJson } from "./types";

const NOTE = "Private to the TikTok account (Only me): TikTok gives no public link or figures for it.";

const target = (id: string, privacy: string, permalink: string | null) =>
  ({
    id,
    platform: "tiktok",
    accountId: "tt1",
    status: "published",
    permalink,
    version: { options: { tiktokPrivacy: privacy } },
    retry: null,
    preparation: null,
    error: null,
  }) as unknown as TargetJson;

/** A post published to two TikTok accounts: one seen by everyone, one by its owner only (SELF_ONLY). */
const post = {
  id: "p1",
  platformPosts: [
    target("t-public", "PUBLIC_TO_EVERYONE", "https://www.tiktok.com/@crumb/video/7300000000000000001"),
    target("t-private", "SELF_ONLY", null),
  ],
} as unknown as PostJson;

const figures = (targetId: string) => ({
  platform: "tiktok" as const,
  accountId: "tt1",
  targetId,
  syncedAt: "2026-03-06T14:00:00.000Z",
  likes: 0,
  comments: 0,
  shares: 0,
  engagement: targetId === "t-public" ? 42 : 0,
  reach: targetId === "t-public" ? 900 : 0,
  impressions: 0,
  engagementRate: 0,
});

const render = (node: ReactNode) => {
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return renderToStaticMarkup(<Stub />);
};
const items = (html: string) => [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) => m[1]!);

describe("a TikTok post published as private (Only me)", () => {
  it("says in the channel list why it has no link, where the public one has its link", () => {
    const [shared, own] = items(render(<ChannelList post={post} accounts={[]} timeZone="UTC" onUpdated={() => {}} />));
    expect(shared).toContain("View on TikTok");
    expect(shared).not.toContain(NOTE);
    expect(own).toContain(NOTE);
    expect(own).not.toContain("View on TikTok");
  });

  it("says in its analytics why it has no figures, instead of zeros", () => {
    const performance = [figures("t-public"), figures("t-private")] as Parameters<
      typeof ChannelFigures
    >[0]["performance"];
    const [shared, own] = items(render(<ChannelFigures post={post} performance={performance} timeZone="UTC" />));
    expect(shared).toContain("TikTok: 42 engagement, 900 reach");
    expect(own).toBe(`TikTok: ${NOTE}`);
  });
});
