import type { ComposerForm } from "./composer-form";

/**
 * The composer's autosaved local draft: one per user and per post being written (a new post, or the post being
 * edited), kept in localStorage so a closed tab or a slip of the Escape key loses nothing. Pure over a Storage.
 */
export interface StoredDraft {
  form: ComposerForm;
  savedAt: number;
}

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const draftKey = (userId: string, postId?: string) => `postline:composer-draft:${userId}:${postId ?? "new"}`;

/** Whether the user changed anything since the composer opened. */
export const formChanged = (initial: ComposerForm, form: ComposerForm) =>
  JSON.stringify(initial) !== JSON.stringify(form);

export function readDraft(storage: DraftStorage, key: string): StoredDraft | null {
  try {
    const parsed = JSON.parse(storage.getItem(key) ?? "null") as Partial<StoredDraft> | null;
    const form = parsed?.form;
    // Anything else (an older shape, a hand edit) is not offered back.
    if (
      !form ||
      typeof form.content !== "string" ||
      !Array.isArray(form.platforms) ||
      !Array.isArray(form.media) ||
      typeof parsed.savedAt !== "number"
    )
      return null;
    // Drafts saved before per-channel versions existed have none.
    return { form: { ...form, channels: Array.isArray(form.channels) ? form.channels : [] }, savedAt: parsed.savedAt };
  } catch {
    return null;
  }
}

export function writeDraft(storage: DraftStorage, key: string, form: ComposerForm, now: number) {
  try {
    storage.setItem(key, JSON.stringify({ form, savedAt: now } satisfies StoredDraft));
  } catch {
    // Storage full or disabled: the composer still works, only without the safety net.
  }
}

export function clearDraft(storage: DraftStorage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // as above
  }
}
