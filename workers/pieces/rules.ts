/**
 * Saved pieces (ADR 087), pure: what a hashtag group holds, how a caption template's variables are filled, and how
 * a channel's signature is added to a text once. The composer and the API use the same rules.
 */
import { PLATFORM_NAMES, type Platform } from "../platform-profile";

export const PIECE_KINDS = ["hashtags", "template", "signature"] as const;
export type PieceKind = (typeof PIECE_KINDS)[number];

export const MAX_PIECES = 200;
export const MAX_TAGS = 30;

export const PieceMessages = {
  kind: "Please choose what to save: a hashtag group, a caption template or a signature",
  name: "Please give it a name of at most 60 characters",
  body: "Please write its text (at most 2,000 characters)",
  tags: "A hashtag group holds 1 to 30 hashtags of letters, digits and underscores, like #bakery #fresh",
  platform: "A signature belongs to one channel: please choose it",
  signatureTaken: (platform: Platform) => `${PLATFORM_NAMES[platform]} already has a signature; edit that one instead`,
  tooMany: `A workspace may keep at most ${MAX_PIECES} saved pieces`,
} as const;

/** A hashtag group as written ("bakery, #fresh  #bread") made into its tags, or null when one is not a hashtag. */
export function hashtagsOf(text: string): string[] | null {
  const tags = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((t) => (t.startsWith("#") ? t : `#${t}`));
  if (tags.length === 0 || tags.length > MAX_TAGS) return null;
  if (!tags.every((t) => /^#[\p{L}\p{N}_]+$/u.test(t))) return null;
  return [...new Set(tags)];
}

/** The variables a template may use, each filled from the post's time in the author's zone. */
export const TEMPLATE_VARIABLES = ["date", "weekday", "month", "year", "time"] as const;

/**
 * A template's text with its known `{variables}` filled for the post's time (or now) in the zone; an unknown
 * `{word}` stays as written, so the author sees what is left to fill in.
 */
export function fillTemplate(body: string, at: number, timeZone: string): string {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone, ...options }).format(at);
  const values: Record<(typeof TEMPLATE_VARIABLES)[number], () => string> = {
    date: () => part({ month: "long", day: "numeric", year: "numeric" }),
    weekday: () => part({ weekday: "long" }),
    month: () => part({ month: "long" }),
    year: () => part({ year: "numeric" }),
    time: () => part({ hour: "numeric", minute: "2-digit" }),
  };
  return body.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? values[name as keyof typeof values]() : whole,
  );
}

/** The text with the signature on a line of its own at the end, unless it already ends with it. */
export function withSignature(text: string, signature: string): string {
  const sign = signature.trim();
  const body = text.trimEnd();
  if (!sign || body.endsWith(sign)) return text;
  return body ? `${body}\n\n${sign}` : sign;
}

/** The text without the signature it ends with (the composer's "remove"); any other text is kept as is. */
export function withoutSignature(text: string, signature: string): string {
  const sign = signature.trim();
  const body = text.trimEnd();
  return sign && body.endsWith(sign) ? body.slice(0, -sign.length).trimEnd() : text;
}
