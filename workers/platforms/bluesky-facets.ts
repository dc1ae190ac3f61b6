/**
 * Rich-text facets of a Bluesky post (app.bsky.richtext.facet): links, mentions and hashtags found in the text,
 * each located by UTF-8 byte offsets (byteStart inclusive, byteEnd exclusive), which is what the lexicon's
 * byteSlice counts, never JavaScript's UTF-16 indexes. Pure: a mention carries its handle here and the client
 * swaps in the DID it resolves (a mention that does not resolve is left as plain text).
 */

export type FacetFeature =
  | { $type: "app.bsky.richtext.facet#link"; uri: string }
  | { $type: "app.bsky.richtext.facet#mention"; did: string }
  | { $type: "app.bsky.richtext.facet#tag"; tag: string };

export interface Facet {
  index: { byteStart: number; byteEnd: number };
  features: FacetFeature[];
}

/** A facet before its mention is resolved: the handle it names. */
export type FoundFacet =
  | { kind: "link"; byteStart: number; byteEnd: number; uri: string }
  | { kind: "mention"; byteStart: number; byteEnd: number; handle: string }
  | { kind: "tag"; byteStart: number; byteEnd: number; tag: string };

const encoder = new TextEncoder();

/** UTF-8 length of `text`: the unit of byteSlice and of the post's 3,000-byte maxLength. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

// Handles are domain names (atproto.com/specs/handle): labels of letters, digits and hyphens, at least two.
const MENTION =
  /(^|\s|\()@([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+)/g;
// Links written with their scheme; a bare domain is not linked (it could be any word with a dot).
const LINK = /(^|\s|\()(https?:\/\/[^\s]+)/g;
// A tag is # then a run without spaces that is not only digits; trailing punctuation is not part of it.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: a tag ends at invisible joiners and spaces, as in Bluesky's app.
const TAG = /(^|\s)[#＃]([^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]+)/gu;
const TRAILING_PUNCTUATION = /\p{P}+$/u;
/** app.bsky.richtext.facet#tag: maxGraphemes 64 (and 640 bytes). */
const TAG_MAX_GRAPHEMES = 64;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * User-perceived characters ("👍🏽", "e\u0301" and a flag are one each): the unit of the lexicon's maxGraphemes,
 * shared with the composer's counter and validation through posts/caption-length.ts.
 */
export function graphemeCount(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** Byte offsets of the UTF-16 range [start, end) of `text`. */
function byteRange(text: string, start: number, end: number): { byteStart: number; byteEnd: number } {
  const byteStart = utf8Length(text.slice(0, start));
  return { byteStart, byteEnd: byteStart + utf8Length(text.slice(start, end)) };
}

/** Links, mentions and hashtags in `text`, in the order they appear. */
export function findFacets(text: string): FoundFacet[] {
  const out: FoundFacet[] = [];
  for (const m of text.matchAll(MENTION)) {
    const start = m.index + m[1]!.length;
    const handle = m[2]!.replace(/\.$/, "").toLowerCase();
    // "@" + the handle, without a sentence's final dot.
    out.push({ kind: "mention", ...byteRange(text, start, start + 1 + handle.length), handle });
  }
  for (const m of text.matchAll(LINK)) {
    const start = m.index + m[1]!.length;
    let uri = m[2]!;
    // A sentence's punctuation after a link, and a closing parenthesis the link did not open, are not the link's.
    uri = uri.replace(/[.,;:!?"']+$/, "");
    if (uri.endsWith(")") && !uri.includes("(")) uri = uri.slice(0, -1);
    if (!URL.canParse(uri)) continue;
    out.push({ kind: "link", ...byteRange(text, start, start + uri.length), uri });
  }
  for (const m of text.matchAll(TAG)) {
    const start = m.index + m[1]!.length;
    const tag = m[2]!.replace(TRAILING_PUNCTUATION, "");
    if (!tag || /^\d+$/.test(tag) || graphemeCount(tag) > TAG_MAX_GRAPHEMES) continue;
    out.push({ kind: "tag", ...byteRange(text, start, start + 1 + tag.length), tag });
  }
  return out.sort((a, b) => a.byteStart - b.byteStart);
}

/** The lexicon's facets, mentions resolved by `didOf` (a handle it cannot resolve stays plain text). */
export function toFacets(found: FoundFacet[], didOf: (handle: string) => string | null): Facet[] {
  const out: Facet[] = [];
  for (const f of found) {
    const index = { byteStart: f.byteStart, byteEnd: f.byteEnd };
    if (f.kind === "link") out.push({ index, features: [{ $type: "app.bsky.richtext.facet#link", uri: f.uri }] });
    else if (f.kind === "tag") out.push({ index, features: [{ $type: "app.bsky.richtext.facet#tag", tag: f.tag }] });
    else {
      const did = didOf(f.handle);
      if (did) out.push({ index, features: [{ $type: "app.bsky.richtext.facet#mention", did }] });
    }
  }
  return out;
}

/** The text's facets with each mentioned handle resolved once (`resolve` answers null for one that does not). */
export async function resolvedFacets(text: string, resolve: (handle: string) => Promise<string | null>) {
  const found = findFacets(text);
  const dids = new Map<string, string | null>();
  for (const f of found) if (f.kind === "mention" && !dids.has(f.handle)) dids.set(f.handle, await resolve(f.handle));
  return toFacets(found, (h) => dids.get(h) ?? null);
}
