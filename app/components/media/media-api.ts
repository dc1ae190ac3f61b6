import { type ApiResult, api, type Envelope, NETWORK_ERROR } from "~/lib/api";
import type { MEDIA_SORTS, MediaJson } from "../../../workers/media/index";
import type { TypeFilter } from "./display";

/** The library calls the media UI makes (SPEC §7 Media), through the app's fetch wrapper. */

export type MediaSort = (typeof MEDIA_SORTS)[number];

export interface MediaQuery {
  type: TypeFilter;
  search: string;
  sort: MediaSort;
}

export interface MediaPage {
  media: MediaJson[];
  counts: Record<TypeFilter, number>;
}

export function listMedia(q: MediaQuery) {
  const params = new URLSearchParams({ type: q.type, sort: q.sort, limit: "100" });
  if (q.search.trim()) params.set("search", q.search.trim());
  return api<MediaPage>(`/api/media?${params}`);
}

export function updateMedia(id: string, patch: { altText?: string; tags?: string[] }) {
  return api<MediaJson>(`/api/media/${id}`, { method: "PATCH", json: patch });
}

/** Stores a video's WebVTT captions in `lang` (PUT /api/media/{id}/captions/{lang}), replacing that language's. */
export async function putCaptions(id: string, lang: string, file: Blob): Promise<ApiResult<MediaJson>> {
  try {
    const res = await fetch(`/api/media/${id}/captions/${encodeURIComponent(lang)}`, {
      method: "PUT",
      headers: { "Content-Type": "text/vtt", Accept: "application/json" },
      body: file,
      credentials: "same-origin",
    });
    const body = (await res.json().catch(() => null)) as Envelope<MediaJson> | null;
    return res.ok && body?.success && body.data
      ? { ok: true, message: body.message, data: body.data }
      : { ok: false, status: res.status, message: body?.message || `HTTP error! status: ${res.status}` };
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR };
  }
}

export function deleteCaptions(id: string, lang: string) {
  return api<MediaJson>(`/api/media/${id}/captions/${encodeURIComponent(lang)}`, { method: "DELETE" });
}

/** A post that still uses a media file (the 409 of DELETE /api/media/{id}). */
export interface PostUsingMedia {
  id: string;
  content: string;
  status: string;
  scheduledDate: string | null;
}

export type DeleteOutcome = { ok: true } | { ok: false; message: string; posts?: PostUsingMedia[] };

/** Deletes a file; without `confirm`, a file that draft or scheduled posts use answers with those posts. */
export async function deleteMedia(id: string, confirm = false): Promise<DeleteOutcome> {
  const res = await api(`/api/media/${id}${confirm ? "?confirm=true" : ""}`, { method: "DELETE" });
  if (res.ok) return { ok: true };
  if (res.status === 409)
    return {
      ok: false,
      message: res.message,
      posts: (res.data as { posts: PostUsingMedia[] } | undefined)?.posts ?? [],
    };
  return { ok: false, message: res.message };
}
