import { lazy, Suspense } from "react";
import { Spinner } from "./parts";

/**
 * Charts draw only in the browser (their data is fetched there), so the server build leaves recharts out
 * entirely: `import.meta.env.SSR` is a constant and the import below is dropped from the Worker bundle.
 */
const charts = () =>
  import.meta.env.SSR ? Promise.reject(new Error("charts render in the browser only")) : import("./charts");
const LazyTrend = lazy(() => charts().then((m) => ({ default: m.TrendChart })));
const LazyFollowers = lazy(() => charts().then((m) => ({ default: m.FollowersChart })));

export function TrendChart(props: React.ComponentProps<typeof LazyTrend>) {
  return (
    <Suspense fallback={<Spinner label="Loading chart..." />}>
      <LazyTrend {...props} />
    </Suspense>
  );
}

export function FollowersChart(props: React.ComponentProps<typeof LazyFollowers>) {
  return (
    <Suspense fallback={<Spinner label="Loading chart..." />}>
      <LazyFollowers {...props} />
    </Suspense>
  );
}
