/**
 * Media prepared per network (ADR 088): what an image needs before a network takes it (a smaller file, another
 * encoding, a crop into the network's aspect ratios), the crop frame the user sees and moves, and the size the
 * browser draws. Pure and client-safe: the composer plans with it, the server checks a prepared copy with it.
 */
import { z } from "zod";
import { PLATFORM_NAMES, PLATFORM_PROFILES, type Platform } from "../platform-profile";
import { megabytes } from "./limits";

export interface ImageFacts {
  width: number;
  height: number;
  size: number;
  /** Library format: jpg | png | gif | webp. */
  format: string;
}

/** A rectangle of the original, in its pixels. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const cropSchema = z
  .object({
    x: z.number().int().min(0),
    y: z.number().int().min(0),
    width: z.number().int().min(1),
    height: z.number().int().min(1),
  })
  .strict();

/** Prepared copies are drawn at most this many pixels on their long side: more than any network shows. */
export const PREPARED_MAX_SIDE = 4096;
/** A prepared copy is always JPEG: every network that takes images takes it, and it compresses photographs best. */
export const PREPARED_FORMAT = "jpg";

const fmt = (n: number) => String(Math.round(n * 100) / 100);

/** Whether the network takes images at all in a form we can produce. */
export function canPrepareFor(platform: Platform): boolean {
  const rules = PLATFORM_PROFILES[platform].media;
  return !rules.videoOnly && rules.imageFormats.includes(PREPARED_FORMAT);
}

/** Why this image cannot go to the network as it is (empty: it can), each reason in the network's words. */
export function preparationNeeds(platform: Platform, image: ImageFacts): string[] {
  const rules = PLATFORM_PROFILES[platform].media;
  const name = PLATFORM_NAMES[platform];
  const out: string[] = [];
  if (!rules.imageFormats.includes(image.format)) out.push(`${name} does not take ${image.format.toUpperCase()}`);
  if (image.size > rules.maxImageBytes) out.push(`${name} takes images up to ${megabytes(rules.maxImageBytes)}MB`);
  const r = image.width / image.height;
  const aspect = rules.imageAspect;
  if (aspect && (r < aspect[0] || r > aspect[1]))
    out.push(`${name} takes aspect ratios ${aspect[0]} to ${aspect[1]}, not ${fmt(r)}`);
  return out;
}

/**
 * An image the network refuses for its size or shape and would take once prepared. One refused only for its
 * encoding keeps the composer's one-click JPEG conversion (ADR 013); preparing re-encodes it too.
 */
export function needsPreparing(platform: Platform, image: ImageFacts): boolean {
  if (!canPrepareFor(platform)) return false;
  const rules = PLATFORM_PROFILES[platform].media;
  const r = image.width / image.height;
  const aspect = rules.imageAspect;
  return image.size > rules.maxImageBytes || (aspect !== undefined && (r < aspect[0] || r > aspect[1]));
}

/** What pre-flight says of an image that needs preparing: what to do, and why. */
export const prepareMessage = (platform: Platform, name: string, image: ImageFacts) =>
  `Prepare ${name} for ${PLATFORM_NAMES[platform]}: ${preparationNeeds(platform, image).join("; ")}`;

/**
 * The crop shapes offered for a network, as width/height: its limits and a square where it has limits,
 * otherwise the whole image, a square and 16:9 (X shows a single image at 16:9 in the timeline).
 */
export function cropShapes(platform: Platform, image: ImageFacts): number[] {
  const aspect = PLATFORM_PROFILES[platform].media.imageAspect;
  const own = image.width / image.height;
  const shapes = aspect
    ? [own, aspect[0], 1, aspect[1]].filter((r) => r >= aspect[0] && r <= aspect[1])
    : [own, 1, 16 / 9];
  return [...new Set(shapes.map((r) => Math.round(r * 1000) / 1000))];
}

/** "4:5", "1.91:1", "16:9", or "original". */
export function shapeLabel(shape: number, image: ImageFacts): string {
  if (Math.abs(shape - image.width / image.height) < 0.001) return "Original";
  const named: Array<[number, string]> = [
    [1, "1:1"],
    [0.8, "4:5"],
    [16 / 9, "16:9"],
    [9 / 16, "9:16"],
  ];
  const hit = named.find(([r]) => Math.abs(r - shape) < 0.002);
  return hit ? hit[1] : `${fmt(shape)}:1`;
}

/** The shape a network would take that is nearest the image's own. */
export function defaultShape(platform: Platform, image: ImageFacts): number {
  const own = image.width / image.height;
  const aspect = PLATFORM_PROFILES[platform].media.imageAspect;
  return aspect ? Math.min(Math.max(own, aspect[0]), aspect[1]) : own;
}

/** The largest frame of this shape inside the image, centred. */
export function centredCrop(image: ImageFacts, shape: number): Crop {
  const width = Math.min(image.width, Math.round(image.height * shape));
  const height = Math.min(image.height, Math.round(width / shape));
  return {
    x: Math.floor((image.width - width) / 2),
    y: Math.floor((image.height - height) / 2),
    width,
    height,
  };
}

/** The frame moved by (dx, dy) pixels, kept inside the image. */
export function moveCrop(crop: Crop, image: ImageFacts, dx: number, dy: number): Crop {
  const clamp = (v: number, max: number) => Math.min(Math.max(Math.round(v), 0), max);
  return {
    ...crop,
    x: clamp(crop.x + dx, image.width - crop.width),
    y: clamp(crop.y + dy, image.height - crop.height),
  };
}

/** A crop that lies inside the image (the server refuses any other). */
export function cropFits(crop: Crop, image: Pick<ImageFacts, "width" | "height">): boolean {
  return crop.x + crop.width <= image.width && crop.y + crop.height <= image.height;
}

/** The size the prepared copy is drawn at: the crop, scaled down to PREPARED_MAX_SIDE and then by `scale`. */
export function outputSize(crop: Crop, scale = 1): { width: number; height: number } {
  const fit = Math.min(1, PREPARED_MAX_SIDE / Math.max(crop.width, crop.height)) * scale;
  return { width: Math.max(1, Math.round(crop.width * fit)), height: Math.max(1, Math.round(crop.height * fit)) };
}

/**
 * The encodings tried in turn until one fits the network's size limit: the quality is lowered first, then the
 * picture drawn smaller. Each step is a JPEG quality and a scale of the output size.
 */
export const ENCODING_STEPS: ReadonlyArray<{ quality: number; scale: number }> = [
  { quality: 0.9, scale: 1 },
  { quality: 0.8, scale: 1 },
  { quality: 0.8, scale: 0.75 },
  { quality: 0.75, scale: 0.5 },
  { quality: 0.7, scale: 0.35 },
  { quality: 0.7, scale: 0.25 },
];

/** The largest file a prepared copy may be for this network. */
export const preparedMaxBytes = (platform: Platform) => PLATFORM_PROFILES[platform].media.maxImageBytes;

export const PrepareMessages = {
  notImage: "Only images can be prepared for a network.",
  cannot: (platform: Platform) => `${PLATFORM_NAMES[platform]} does not take images that can be prepared.`,
  cropOutside: "The crop must lie inside the original image.",
  stillRefused: (platform: Platform, reasons: string[]) =>
    `The prepared copy still does not fit ${PLATFORM_NAMES[platform]}: ${reasons.join("; ")}.`,
  tooLarge: (platform: Platform) =>
    `This image could not be made small enough for ${PLATFORM_NAMES[platform]} (max ${megabytes(preparedMaxBytes(platform))}MB).`,
} as const;
