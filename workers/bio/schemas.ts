import { z } from "zod";
import { BioMessages, HANDLE } from "./rules";

const httpUrl = z
  .string()
  .trim()
  .max(2000, BioMessages.url)
  .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), BioMessages.url);

/** What PUT /api/bio and Settings → Links' bio form accept (the app imports these). */
export const bioBody = z.object({
  handle: z.string().trim().toLowerCase().regex(HANDLE, BioMessages.handle),
  title: z.string().trim().min(1, BioMessages.title).max(100, BioMessages.title),
  links: z
    .array(
      z.object({
        label: z.string().trim().min(1, BioMessages.label).max(80, BioMessages.label),
        url: httpUrl,
      }),
    )
    .max(20, BioMessages.tooMany)
    .default([]),
});
export type BioInput = z.output<typeof bioBody>;

export const BioReplies = { saved: "Bio page saved" } as const;

/** GET/PUT /api/bio's answer: the page as admins edit it (null before it is first saved) and 30 days of clicks. */
export const BioView = z.object({
  page: z
    .object({
      handle: z.string(),
      title: z.string(),
      links: z.array(z.object({ id: z.string(), label: z.string(), url: z.string() })),
      path: z.string(),
    })
    .nullable(),
  clicks: z.array(z.object({ item: z.string(), clicks: z.number() })),
});

/** Settings → Links' bio form writes one link a line, "Label | https://…"; a line without a bar is refused. */
export function linksFromLines(text: string): Array<{ label: string; url: string }> {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bar = line.lastIndexOf("|");
      return bar === -1 ? { label: "", url: line } : { label: line.slice(0, bar), url: line.slice(bar + 1) };
    });
}
