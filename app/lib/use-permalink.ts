import { useRouteLoaderData } from "react-router";
import type { loader as appLoader } from "~/routes/app-layout";

/** Where a published post's link goes: the real platform, or in sandbox mode the emulator's viewer of it. */
export function permalinkHref(permalink: string, platformsMode: "sandbox" | "live"): string {
  return platformsMode === "sandbox" ? `/sandbox/view?url=${encodeURIComponent(permalink)}` : permalink;
}

export function usePermalinkHref(): (permalink: string) => string {
  const mode = useRouteLoaderData<typeof appLoader>("app")?.platformsMode ?? "live";
  return (permalink) => permalinkHref(permalink, mode);
}
