import { useEffect } from "react";
import { useLocation } from "react-router";
import { api } from "./api";

/** Records a page_view (path plus query) on every location change; fire and forget. */
export function usePageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    void api("/api/events", { json: { name: "page_view", path: pathname + search }, keepalive: true });
  }, [pathname, search]);
}
