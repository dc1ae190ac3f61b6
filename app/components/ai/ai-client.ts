import { api } from "~/lib/api";

/** Browser calls to /api/ai/*, through the app's one fetch wrapper. */
export const INVALID_RESPONSE = "Invalid response format";

export type AiResult<T> = { ok: true; message: string; data: T } | { ok: false; status: number; message: string };

/**
 * Calls an AI endpoint. A failure carries the server's message (spec: server message, else
 * 'HTTP error! status: N'); a success without the field the caller needs is 'Invalid response format'.
 */
export async function callAi<T>(path: string, body?: unknown, requiredField?: keyof T & string): Promise<AiResult<T>> {
  const res = await api<T>(`/api/ai/${path}`, body === undefined ? {} : { json: body });
  if (!res.ok) {
    // A 2xx that is not a success envelope is a malformed answer, not a server message.
    const malformed = res.status >= 200 && res.status < 300;
    return { ok: false, status: res.status, message: malformed ? INVALID_RESPONSE : res.message };
  }
  if (!res.data || (requiredField && res.data[requiredField] === undefined))
    return { ok: false, status: 200, message: INVALID_RESPONSE };
  return { ok: true, message: res.message ?? "", data: res.data };
}

/** Where 'Use Content' / 'Use in New Post' send the text: the composer reads `compose` and `text`. */
export function composeHref(text: string): string {
  return `/content?compose=1&text=${encodeURIComponent(text)}`;
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
