import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Spinner } from "./parts";

/**
 * Charts draw only in the browser, so the server build leaves recharts out entirely: `import.meta.env.SSR` is a
 * constant and the import below is dropped from the Worker bundle. The server (and hydration) render the
 * placeholder; the chart loads once JavaScript runs the page. Every chart's figures are also in the tab's text.
 */
const charts = () =>
  import.meta.env.SSR ? Promise.reject(new Error("charts render in the browser only")) : import("./charts");
const LazyTrend = lazy(() => charts().then((m) => ({ default: m.TrendChart })));
const LazyFollowers = lazy(() => charts().then((m) => ({ default: m.FollowersChart })));

const placeholder = <Spinner label="Loading chart..." />;

export function TrendChart(props: React.ComponentProps<typeof LazyTrend>) {
  return useHydrated() ? (
    <Suspense fallback={placeholder}>
      <LazyTrend {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}

export function FollowersChart(props: React.ComponentProps<typeof LazyFollowers>) {
  return useHydrated() ? (
    <Suspense fallback={placeholder}>
      <LazyFollowers {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}
