import { lazy, Suspense } from "react";
import { Spinner } from "./parts";

const LazyTrend = lazy(() => import("./charts").then((m) => ({ default: m.TrendChart })));
const LazyFollowers = lazy(() => import("./charts").then((m) => ({ default: m.FollowersChart })));

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
