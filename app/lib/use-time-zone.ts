import { useRouteLoaderData } from "react-router";
import type { loader as appLoader } from "~/routes/app-layout";

/** The signed-in user's IANA timezone (from the app layout's loader); dates are shown and edited in it. */
export function useTimeZone(): string {
  return useRouteLoaderData<typeof appLoader>("app")?.user.timezone ?? "UTC";
}
