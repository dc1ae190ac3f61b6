/** The browser's calls to our own /api. The session rides on the httpOnly cookie; nothing is stored here. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

export const NETWORK_ERROR = "Network error. Please check your connection.";

export type ApiResult<T> =
  | { ok: true; message: string; data: T }
  | { ok: false; status: number; message: string; data?: unknown };

export async function api<T = unknown>(
  path: string,
  init: { method?: string; json?: unknown; form?: FormData; keepalive?: boolean } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.json !== undefined || init.form ? "POST" : "GET"),
      headers:
        init.json !== undefined
          ? { "Content-Type": "application/json", Accept: "application/json" }
          : { Accept: "application/json" },
      body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
      credentials: "same-origin",
      keepalive: init.keepalive,
    });
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR };
  }
  const body = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !body?.success) {
    return {
      ok: false,
      status: response.status,
      message: body?.message || `HTTP error! status: ${response.status}`,
      data: body?.data,
    };
  }
  return { ok: true, message: body.message, data: body.data as T };
}
