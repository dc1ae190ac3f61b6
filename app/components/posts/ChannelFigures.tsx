import type { z } from "zod";
import { SyncedNote } from "~/components/analytics/parts";
import type { PostAnalyticsData } from "../../../workers/analytics/index";
import { PLATFORM_NAMES } from "../../../workers/platform-profile";
import { PRIVATE_TIKTOK_NOTE, privateOnTikTok } from "./private-tiktok";
import type { PostJson } from "./types";

type Performance = z.infer<typeof PostAnalyticsData>["analytics"]["platformPerformance"];

/** The post's Analytics tab, per channel: its engagement and reach and when they were read, or why there are none. */
export function ChannelFigures({
  post,
  performance,
  timeZone,
}: {
  post: Pick<PostJson, "platformPosts">;
  performance: Performance;
  timeZone: string;
}) {
  return (
    <ul className="mt-3 space-y-1 text-xs text-slate-500" aria-label="Per channel">
      {performance.map((p) => {
        const target = post.platformPosts.find((t) => t.id === p.targetId);
        return (
          <li key={p.targetId}>
            {PLATFORM_NAMES[p.platform]}:{" "}
            {target && privateOnTikTok(target) ? (
              PRIVATE_TIKTOK_NOTE
            ) : (
              <>
                {p.engagement} engagement, {p.reach} reach · <SyncedNote at={p.syncedAt} timezone={timeZone} />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
