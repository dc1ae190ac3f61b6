/**
 * The emulated PDS's record validation for app.bsky.feed.post, written from the lexicons
 * (app.bsky.feed.post, app.bsky.richtext.facet, app.bsky.embed.images/external/video with its captions,
 * app.bsky.embed.defs, com.atproto.repo.strongRef) and the PDS's own checks: record keys are TIDs, text is at
 * most 300 graphemes and 3,000 bytes, blobs must have been uploaded by the same account and fit the embed's size
 * and type. Messages follow the lexicon validator's
 * wording ("Record/text must not be longer than 300 graphemes"). Pure; returns the first problem or null.
 */

export interface BlobInfo {
  mimeType: string;
  size: number;
}

const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;
const DID = /^did:[a-z]+:[a-zA-Z0-9._:%-]+$/;
const AT_URI = /^at:\/\/[^/\s]+(\/[^/\s]+){0,2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (s: string) => [...segmenter.segment(s)].length;
const bytes = (s: string) => new TextEncoder().encode(s).length;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

export const isTid = (rkey: string) => TID.test(rkey);

/** The blob a record references, by CID. */
function blobCid(v: unknown): string | null {
  if (!isObject(v) || v.$type !== "blob" || !isObject(v.ref)) return null;
  return typeof v.ref.$link === "string" ? v.ref.$link : null;
}

function checkString(path: string, v: unknown, max: { length?: number; graphemes?: number }): string | null {
  if (typeof v !== "string") return `${path} must be a string`;
  if (max.length !== undefined && bytes(v) > max.length)
    return `${path} must not be longer than ${max.length} characters`;
  if (max.graphemes !== undefined && graphemes(v) > max.graphemes)
    return `${path} must not be longer than ${max.graphemes} graphemes`;
  return null;
}

function checkStrongRef(path: string, v: unknown): string | null {
  if (!isObject(v)) return `${path} must be an object`;
  if (typeof v.uri !== "string" || !AT_URI.test(v.uri)) return `${path}/uri must be a valid at-uri`;
  if (typeof v.cid !== "string" || !v.cid) return `${path}/cid must be a cid string`;
  return null;
}

const IMAGE = { accept: "image/*", maxSize: 2_000_000 };
/** app.bsky.embed.video: "video/mp4", up to 300,000,000 bytes (formerly 100 MB). */
const VIDEO = { accept: "video/mp4", maxSize: 300_000_000 };
/** app.bsky.embed.video#caption: up to 20 files, each "text/vtt" of at most 20,000 bytes. */
const CAPTION = { accept: "text/vtt", maxSize: 20_000, maxLength: 20 };
/** RFC 5646 §2.1's language-tag grammar: langtag, private use, or a grandfathered tag. */
const BCP47 = new RegExp(
  "^(?:(?:en-GB-oed|i-(?:ami|bnn|default|enochian|hak|klingon|lux|mingo|navajo|pwn|tao|tay|tsu)|sgn-(?:BE-FR|BE-NL|CH-DE))" +
    "|(?:art-lojban|cel-gaulish|no-bok|no-nyn|zh-(?:guoyu|hakka|min|min-nan|xiang))" +
    "|(?:(?:[A-Za-z]{2,3}(?:-[A-Za-z]{3}(?:-[A-Za-z]{3}){0,2})?|[A-Za-z]{4}|[A-Za-z]{5,8})(?:-[A-Za-z]{4})?" +
    "(?:-(?:[A-Za-z]{2}|[0-9]{3}))?(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*" +
    "(?:-[0-9A-WY-Za-wy-z](?:-[A-Za-z0-9]{2,8})+)*(?:-[xX](?:-[A-Za-z0-9]{1,8})+)?)" +
    "|[xX](?:-[A-Za-z0-9]{1,8})+)$",
);

function checkBlob(
  path: string,
  v: unknown,
  rule: { accept?: string; maxSize: number },
  blobOf: (cid: string) => BlobInfo | null,
): string | null {
  const cid = blobCid(v);
  if (!cid) return `${path} should be a blob ref`;
  const blob = blobOf(cid);
  if (!blob) return `Could not find blob: ${cid}`;
  const accept = rule.accept ?? IMAGE.accept;
  const fits = accept.endsWith("/*") ? blob.mimeType.startsWith(accept.slice(0, -1)) : blob.mimeType === accept;
  if (!fits) return `${path} has wrong type: ${blob.mimeType} (accepts ${accept})`;
  if (blob.size > rule.maxSize) return `${path} file too big (max ${rule.maxSize} bytes)`;
  return null;
}

function checkFacets(v: unknown, textBytes: number): string | null {
  if (!Array.isArray(v)) return "Record/facets must be an array";
  for (const [i, facet] of v.entries()) {
    const path = `Record/facets/${i}`;
    if (!isObject(facet) || !isObject(facet.index) || !Array.isArray(facet.features))
      return `${path} must have index and features`;
    const { byteStart, byteEnd } = facet.index;
    if (!Number.isInteger(byteStart) || !Number.isInteger(byteEnd) || (byteStart as number) < 0)
      return `${path}/index must have integer byteStart and byteEnd, at least 0`;
    // The lexicon allows any range; a range outside the text can never be rendered, so the emulator refuses it.
    if ((byteStart as number) >= (byteEnd as number) || (byteEnd as number) > textBytes)
      return `${path}/index must be a byte range inside the text (${textBytes} bytes)`;
    for (const [j, f] of facet.features.entries()) {
      const fp = `${path}/features/${j}`;
      if (!isObject(f)) return `${fp} must be an object`;
      if (f.$type === "app.bsky.richtext.facet#mention") {
        if (typeof f.did !== "string" || !DID.test(f.did)) return `${fp}/did must be a valid did`;
      } else if (f.$type === "app.bsky.richtext.facet#link") {
        if (typeof f.uri !== "string" || !URL.canParse(f.uri)) return `${fp}/uri must be a uri`;
      } else if (f.$type === "app.bsky.richtext.facet#tag") {
        const bad = checkString(`${fp}/tag`, f.tag, { length: 640, graphemes: 64 });
        if (bad) return bad;
      }
    }
  }
  return null;
}

/** app.bsky.embed.defs#aspectRatio: width and height, both integers of at least 1. */
function checkAspect(path: string, v: unknown): string | null {
  if (v === undefined) return null;
  if (!isObject(v)) return `${path}/aspectRatio must be an object`;
  for (const key of ["width", "height"])
    if (!Number.isInteger(v[key]) || (v[key] as number) < 1)
      return `${path}/aspectRatio/${key} must be an integer of at least 1`;
  return null;
}

/**
 * app.bsky.embed.video#caption: at most 20, each `lang` (format "language": a well-formed BCP-47 tag, the
 * RFC 5646 grammar @atproto/syntax checks) and `file`, a text/vtt blob of at most 20,000 bytes.
 */
function checkCaptions(v: unknown, blobOf: (cid: string) => BlobInfo | null): string | null {
  if (v === undefined) return null;
  if (!Array.isArray(v)) return "Record/embed/captions must be an array";
  if (v.length > CAPTION.maxLength)
    return `Record/embed/captions must not have more than ${CAPTION.maxLength} elements`;
  for (const [i, caption] of v.entries()) {
    const path = `Record/embed/captions/${i}`;
    if (!isObject(caption)) return `${path} must be an object`;
    if (typeof caption.lang !== "string") return `${path} must have the property "lang"`;
    if (!BCP47.test(caption.lang)) return `${path}/lang must be a well-formed BCP 47 language tag`;
    if (caption.file === undefined) return `${path} must have the property "file"`;
    const bad = checkBlob(`${path}/file`, caption.file, CAPTION, blobOf);
    if (bad) return bad;
  }
  return null;
}

function checkEmbed(v: unknown, blobOf: (cid: string) => BlobInfo | null): string | null {
  if (!isObject(v)) return "Record/embed must be an object";
  if (v.$type === "app.bsky.embed.images") {
    if (!Array.isArray(v.images)) return "Record/embed/images must be an array";
    if (v.images.length > 4) return "Record/embed/images must not have more than 4 elements";
    for (const [i, img] of v.images.entries()) {
      const path = `Record/embed/images/${i}`;
      if (!isObject(img)) return `${path} must be an object`;
      if (typeof img.alt !== "string") return `${path} must have the property "alt"`;
      const bad = checkBlob(`${path}/image`, img.image, IMAGE, blobOf) ?? checkAspect(path, img.aspectRatio);
      if (bad) return bad;
    }
    return null;
  }
  if (v.$type === "app.bsky.embed.video") {
    if (v.alt !== undefined && typeof v.alt !== "string") return "Record/embed/alt must be a string";
    return (
      checkBlob("Record/embed/video", v.video, VIDEO, blobOf) ??
      checkCaptions(v.captions, blobOf) ??
      checkAspect("Record/embed", v.aspectRatio)
    );
  }
  if (v.$type === "app.bsky.embed.external") {
    const ext = v.external;
    if (!isObject(ext)) return 'Record/embed must have the property "external"';
    for (const key of ["uri", "title", "description"])
      if (typeof ext[key] !== "string") return `Record/embed/external must have the property "${key}"`;
    if (!URL.canParse(ext.uri as string)) return "Record/embed/external/uri must be a uri";
    if (ext.thumb !== undefined)
      return checkBlob("Record/embed/external/thumb", ext.thumb, { maxSize: 1_000_000 }, blobOf);
    return null;
  }
  return null;
}

/** The first problem with `record` as an app.bsky.feed.post, or null when the PDS would take it. */
export function postProblem(record: unknown, blobOf: (cid: string) => BlobInfo | null): string | null {
  if (!isObject(record)) return "Record must be an object";
  if (record.$type !== "app.bsky.feed.post") return "Record/$type must be app.bsky.feed.post";
  const text = checkString("Record/text", record.text, { length: 3000, graphemes: 300 });
  if (text) return text;
  if (typeof record.createdAt !== "string" || !DATETIME.test(record.createdAt))
    return "Record/createdAt must be an valid atproto datetime (both RFC-3339 and ISO-8601)";
  if (record.facets !== undefined) {
    const bad = checkFacets(record.facets, bytes(record.text as string));
    if (bad) return bad;
  }
  if (record.reply !== undefined) {
    if (!isObject(record.reply)) return "Record/reply must be an object";
    const bad =
      checkStrongRef("Record/reply/root", record.reply.root) ??
      checkStrongRef("Record/reply/parent", record.reply.parent);
    if (bad) return bad;
  }
  if (record.embed !== undefined) {
    const bad = checkEmbed(record.embed, blobOf);
    if (bad) return bad;
  }
  if (record.langs !== undefined) {
    if (!Array.isArray(record.langs) || record.langs.length > 3)
      return "Record/langs must not have more than 3 elements";
    if (record.langs.some((l) => typeof l !== "string" || !/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]+)*$/.test(l)))
      return "Record/langs must be valid language codes";
  }
  return null;
}

/** The blobs a post references (images, a link card's thumb, a video), to look them up before validating. */
export function blobsOf(record: unknown): string[] {
  if (!isObject(record) || !isObject(record.embed)) return [];
  const embed = record.embed;
  const out: (string | null)[] = [];
  if (Array.isArray(embed.images)) for (const img of embed.images) out.push(isObject(img) ? blobCid(img.image) : null);
  if (isObject(embed.external)) out.push(blobCid(embed.external.thumb));
  if (embed.video !== undefined) out.push(blobCid(embed.video));
  if (Array.isArray(embed.captions)) for (const c of embed.captions) out.push(isObject(c) ? blobCid(c.file) : null);
  return out.filter((c): c is string => !!c);
}
