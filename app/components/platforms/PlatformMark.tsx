import type { ComponentType } from "react";
import type { IconBaseProps } from "react-icons";
import { preloadable } from "~/lib/preloadable";
import { PLATFORM_META } from "./platform-options";

type Mark = () => Promise<{ default: ComponentType<IconBaseProps> }>;

/**
 * Each network's mark is its own chunk, fetched when a page first shows that network (ADR 096): a page with one
 * LinkedIn channel loads LinkedIn's mark, not all eleven (the planner's first load was over its budget).
 */
const LOADERS: Record<string, Mark> = {
  instagram: () => import("./marks/instagram"),
  facebook: () => import("./marks/facebook"),
  twitter: () => import("./marks/twitter"),
  linkedin: () => import("./marks/linkedin"),
  youtube: () => import("./marks/youtube"),
  threads: () => import("./marks/threads"),
  bluesky: () => import("./marks/bluesky"),
  mastodon: () => import("./marks/mastodon"),
  tiktok: () => import("./marks/tiktok"),
  google_business: () => import("./marks/google-business"),
  pinterest: () => import("./marks/pinterest"),
};
const MARKS = Object.fromEntries(
  Object.entries(LOADERS).map(([platform, load]) => [platform, preloadable(() => load().then((m) => m.default))]),
);

/** The server has every mark at hand before it renders, so its HTML carries them in one pass (also without JS). */
export const preloadMarks = () => Promise.all(Object.values(MARKS).map((mark) => mark.preload()));

/**
 * A network's own mark in its colour, named for screen readers ("Instagram", never an abbreviation).
 * `badge` puts the mark in white on a coloured circle, for use over an avatar; `decorative` when text beside it
 * already names the network.
 */
export function PlatformMark({
  platform,
  badge = false,
  decorative = false,
  className = "size-4",
}: {
  platform: string;
  badge?: boolean;
  decorative?: boolean;
  className?: string;
}) {
  const meta = PLATFORM_META[platform];
  const name = meta?.name ?? platform;
  const Icon = MARKS[platform];
  const color = meta?.color ?? "#64748b";
  // A near-black mark (every channel below 0x20: X, Threads) takes the text colour instead, so it stays
  // visible in the dark theme.
  const ink = !badge && /^#([01][0-9a-f]){3}$/i.test(color);
  return (
    <span
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": name, title: name })}
      className={`inline-flex shrink-0 items-center justify-center ${badge ? "rounded-full p-1 text-white" : ""} ${ink ? "text-slate-900" : ""}`}
      style={badge ? { backgroundColor: color } : ink ? undefined : { color }}
    >
      {Icon ? (
        <Icon className={className} aria-hidden />
      ) : (
        <span aria-hidden className="text-[10px] font-bold">
          {name.slice(0, 1)}
        </span>
      )}
    </span>
  );
}
