import type { StoredVersion } from "../db/schema/posts";
import type { Platform } from "../platform-profile";
import { channelKey } from "./channel-version";

/** PinCreate's limits (Pinterest API v5): a title of 100 characters, alt text of 500; a pin needs a board. */
export const PIN_TITLE_MAX = 100;
export const PIN_ALT_TEXT_MAX = 500;

export const PinMessages = {
  board: "Choose a board for each Pinterest account: a pin is saved to a board",
  title: `Pinterest title must be ${PIN_TITLE_MAX} characters or less`,
  altText: `Pinterest alt text must be ${PIN_ALT_TEXT_MAX} characters or less`,
} as const;

/**
 * What a Pinterest channel needs beyond the text: its board (chosen per account, ADR 063), and a title and alt
 * text within Pinterest's limits. A draft may leave the board unchosen and run long, as other limits allow.
 */
export function pinProblems(
  accounts: Array<{ platform: Platform; accountId: string }>,
  versions: Map<string, StoredVersion | null>,
  postTitle: string | null,
  draft: boolean,
): string[] {
  if (draft) return [];
  const out = new Set<string>();
  for (const a of accounts) {
    if (a.platform !== "pinterest") continue;
    const v = versions.get(channelKey(a.platform, a.accountId)) ?? null;
    if (!v?.options?.board) out.add(PinMessages.board);
    if ((v?.title ?? postTitle ?? "").length > PIN_TITLE_MAX) out.add(PinMessages.title);
    if (Object.values(v?.options?.altText ?? {}).some((t) => t.length > PIN_ALT_TEXT_MAX)) out.add(PinMessages.altText);
  }
  return [...out];
}
