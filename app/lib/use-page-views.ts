import { useEffect } from "react";
import { useLocation } from "react-router";

/** Records a page_view (path plus query) on every location change; fire and forget. */
export function usePageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    fetch("/api/events", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "page_view", path: pathname + search }),
      keepalive: true,
    }).catch(() => {});
  }, [pathname, search]);
}
