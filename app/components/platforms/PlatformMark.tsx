import type { IconType } from "react-icons";
import {
  FaBluesky,
  FaFacebook,
  FaGoogle,
  FaInstagram,
  FaLinkedin,
  FaMastodon,
  FaPinterest,
  FaThreads,
  FaTiktok,
  FaXTwitter,
  FaYoutube,
} from "react-icons/fa6";
import { PLATFORM_META } from "./platform-options";

const MARKS: Record<string, IconType> = {
  instagram: FaInstagram,
  facebook: FaFacebook,
  twitter: FaXTwitter,
  linkedin: FaLinkedin,
  youtube: FaYoutube,
  threads: FaThreads,
  bluesky: FaBluesky,
  mastodon: FaMastodon,
  tiktok: FaTiktok,
  google_business: FaGoogle,
  pinterest: FaPinterest,
};

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
