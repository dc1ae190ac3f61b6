import { useEffect, useState } from "react";
import { api } from "~/lib/api";

export const LOAD_FAILED = "Failed to load analytics data";

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

/** GETs `path` (null: wait) whenever it or `reloadKey` changes; the latest answer wins. */
export function useApiData<T>(path: string | null, reloadKey = 0): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: null, error: null, loading: path !== null });
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    void api<T>(path).then((r) => {
      if (!live) return;
      setState(
        r.ok
          ? { data: r.data, error: null, loading: false }
          : { data: null, error: r.message || LOAD_FAILED, loading: false },
      );
    });
    return () => {
      live = false;
    };
  }, [path, reloadKey]);
  return state;
}
