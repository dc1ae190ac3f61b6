import { useEffect, useState } from "react";
import { api } from "~/lib/api";
import type { Problem } from "../../../workers/posts/index";

export interface PreflightState {
  problems: Problem[];
  checking: boolean;
  /** Why the last check did not come back, while it is tried again. */
  failed: string | null;
}

const idle: PreflightState = { problems: [], checking: false, failed: null };

/**
 * A check that did not reach a verdict (no connection, the server busy or failing) is tried again; a 4xx is the
 * verdict that the fields are not a post yet, which the composer's own messages already say.
 */
export const preflightRetries = (status: number) => status === 0 || status === 429 || status >= 500;

/** 1 s, 2 s, 4 s … at most 15 s between tries. */
export const preflightRetryDelay = (attempt: number) => Math.min(1_000 * 2 ** attempt, 15_000);

/**
 * The server's per-channel pre-flight for `body` (a post request as JSON), once the inputs have settled for 600 ms.
 * A failed check keeps the last problems on screen and says it is trying again, so a blip never hides them.
 */
export function usePreflight(body: string, enabled: boolean): PreflightState {
  const [state, setState] = useState<PreflightState>(idle);
  useEffect(() => {
    if (!enabled) return setState(idle);
    let timer: ReturnType<typeof setTimeout>;
    let live = true;
    const check = async (attempt: number) => {
      const res = await api<{ problems: Problem[] }>("/api/posts/preflight", { json: JSON.parse(body) });
      if (!live) return;
      if (res.ok) return setState({ problems: res.data.problems, checking: false, failed: null });
      if (!preflightRetries(res.status)) return setState(idle);
      setState((s) => ({ ...s, failed: res.message }));
      timer = setTimeout(() => void check(attempt + 1), preflightRetryDelay(attempt));
    };
    setState((s) => ({ ...s, checking: true }));
    timer = setTimeout(() => void check(0), 600);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [body, enabled]);
  return state;
}
