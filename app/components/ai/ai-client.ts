/** Browser calls to /api/ai/*. The session rides on the httpOnly cookie. */
export const NETWORK_ERROR = "Network error. Please check your connection.";
export const INVALID_RESPONSE = "Invalid response format";

export type AiResult<T> = { ok: true; message: string; data: T } | { ok: false; status: number; message: string };

/**
 * Calls an AI endpoint. A failure carries the server's message (spec: server message, else
 * 'HTTP error! status: N'); a success without the field the caller needs is 'Invalid response format'.
 */
export async function callAi<T>(path: string, body?: unknown, requiredField?: keyof T & string): Promise<AiResult<T>> {
  let res: Response;
  try {
    res = await fetch(`/api/ai/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers:
        body === undefined
          ? { Accept: "application/json" }
          : { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR };
  }
  const json = (await res.json().catch(() => null)) as { success?: boolean; message?: string; data?: T } | null;
  if (!res.ok) return { ok: false, status: res.status, message: json?.message || `HTTP error! status: ${res.status}` };
  if (!json?.success || !json.data || (requiredField && json.data[requiredField] === undefined))
    return { ok: false, status: res.status, message: INVALID_RESPONSE };
  return { ok: true, message: json.message ?? "", data: json.data };
}

/** Where 'Use Content' / 'Use in New Post' send the text: the composer reads `compose` and `text`. */
export function composeHref(text: string): string {
  return `/content?compose=1&text=${encodeURIComponent(text)}`;
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export interface Suggestion {
  id: string;
  content: string;
  hashtags: string[];
  tone: string;
  platform: string;
  characterCount: number;
  withinLimit: boolean;
  provider: string;
}
export interface GenerateData {
  content: Record<string, { content: string; characterCount: number; withinLimit: boolean }>;
  options: { tone: string };
  suggestions: Suggestion[];
  provider: string;
}
export interface HashtagData {
  hashtags: string[];
  provider: string;
}
export interface Mention {
  handle: string;
  name: string;
  type: string;
  reason: string;
  verified: false;
}
export interface MentionData {
  mentions: Mention[];
  note: string;
  provider: string;
}
export interface OptimizeData {
  original: string;
  optimizedContent: string;
  improvements: string[];
  suggestions: string[];
  platform: string;
  characterCount: number;
  provider: string;
}
