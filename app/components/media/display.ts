/** Display rules of the media library (SPEC §2, §9): name truncation, tag overflow, filter labels. */

/** Card names are cut at 20 characters, picker filenames at 25; the full name stays in the title. */
export const CARD_NAME_MAX = 20;
export const PICKER_NAME_MAX = 25;

export function truncateName(name: string, max: number): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : name;
}

/** Up to `max` tags, and how many more there are ('+N'). */
export function visibleTags(tags: string[], max = 2): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

export type TypeFilter = "all" | "image" | "video";

const TYPE_LABEL: Record<TypeFilter, string> = { all: "All", image: "Images", video: "Videos" };

/** The type filter's options with their counts: 'All (3)', 'Images (2)', 'Videos (1)'. */
export function typeOptions(counts: Record<TypeFilter, number> | null, only?: Array<"image" | "video">) {
  const values: TypeFilter[] = only && only.length === 1 ? [only[0]!] : ["all", "image", "video"];
  return values.map((value) => ({
    value,
    label: counts ? `${TYPE_LABEL[value]} (${counts[value]})` : TYPE_LABEL[value],
  }));
}

export const usedLabel = (timesUsed: number) => `Used ${timesUsed}x`;
