import { PLATFORM_NAMES, type Platform } from "../../platform-profile";
import type { MentionSuggestion } from "../provider";
import { mentionsIn, STOP_WORDS } from "../text";

/** Capitalised runs ("Acme Corp", "Jane Doe") that are not just the first word of a sentence. */
export function namedEntities(content: string): string[] {
  const found = new Map<string, string>();
  const runs = content.match(/(?:[A-Z][\p{L}\p{N}&'’.-]*)(?:\s+(?:of\s+|&\s+)?[A-Z][\p{L}\p{N}&'’.-]*)*/gu) ?? [];
  for (const raw of runs) {
    const name = raw.replace(/[.’'-]+$/u, "").trim();
    const words = name.split(/\s+/);
    if (words.length === 1 && (STOP_WORDS.has(name.toLowerCase()) || name.length < 3)) continue;
    const at = content.indexOf(raw);
    const startsSentence = at === 0 || /[.!?\n]\s*$/.test(content.slice(0, at));
    if (startsSentence && words.length === 1 && !/[A-Z].*[A-Z]/.test(name)) continue;
    if (!found.has(name.toLowerCase())) found.set(name.toLowerCase(), name);
  }
  return [...found.values()];
}

const handleOf = (name: string) => `@${name.replace(/[^A-Za-z0-9_]/g, "").toLowerCase()}`;

const HOW_TO_TAG: Record<Platform, string> = {
  instagram: "tag them in the caption or on the photo",
  facebook: "type @ and choose their Page from the list",
  twitter: "check the exact handle on X before posting",
  linkedin: "type @ and pick their profile or company page",
  youtube: "mention their channel handle in the description",
  threads: "check the exact handle before posting",
  bluesky: "write the full handle (name.bsky.social) so it links to their profile",
  mastodon: "use their full handle, @name@instance, so other servers find them",
  tiktok: "type @ and pick their account so TikTok links it",
  google_business: "name the business or person in words: local posts have no mentions",
  pinterest: "type @ in the description and pick their profile",
};

/**
 * Mention ideas from the names in the content, shaped as handles by platform convention. They are
 * guesses to check, never verified accounts: nothing here looks anything up.
 */
export function suggestMentions(content: string, platform: Platform, count: number): MentionSuggestion[] {
  const out: MentionSuggestion[] = [];
  const seen = new Set<string>();
  for (const handle of mentionsIn(content)) {
    if (seen.has(handle.toLowerCase())) continue;
    seen.add(handle.toLowerCase());
    out.push({
      handle,
      name: handle.slice(1),
      type: "existing",
      reason: `Already mentioned in your content; make sure it is the right ${PLATFORM_NAMES[platform]} account`,
    });
  }
  for (const name of namedEntities(content)) {
    const handle = handleOf(name);
    if (handle.length < 3 || seen.has(handle)) continue;
    seen.add(handle);
    const type =
      name.split(/\s+/).length === 2 && !/[&]|\b(Inc|Ltd|LLC|Corp|Co|Group|Labs?)\b/.test(name) ? "person" : "brand";
    out.push({
      handle,
      name,
      type,
      reason: `“${name}” appears in your content; on ${PLATFORM_NAMES[platform]}, ${HOW_TO_TAG[platform]}`,
    });
  }
  return out.slice(0, count);
}
