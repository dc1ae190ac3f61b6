import { z } from "zod";
import { postLabelIdsSchema } from "../posts/public";
import { LabelMessages } from "./rules";

/** What /api/labels and the label picker accept (the app imports these through public.ts). */
const name = z.string({ error: LabelMessages.name }).trim().min(1, LabelMessages.name).max(40, LabelMessages.name);
const color = z
  .string({ error: LabelMessages.color })
  .regex(/^#[0-9a-fA-F]{6}$/, LabelMessages.color)
  .transform((c) => c.toLowerCase());

export const labelBody = z.object({ name, color });
export type LabelInput = z.output<typeof labelBody>;
export const labelPatchBody = z.object({ name: name.optional(), color: color.optional() });
export type LabelPatch = z.output<typeof labelPatchBody>;

/** The labels a post carries: the whole set (an empty list takes them all off). */
export const postLabelsBody = z.object({ labelIds: postLabelIdsSchema });

const day = z.iso.date({ error: "Dates must be written as YYYY-MM-DD" });
export const campaignQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, "The start date must not be after the end date");

export const LabelAnswer = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type Label = z.output<typeof LabelAnswer>;
export const LabelList = z.object({ labels: z.array(LabelAnswer) });

export const CampaignReport = z.object({
  from: z.string(),
  to: z.string(),
  campaigns: z.array(
    LabelAnswer.extend({
      posts: z.number(),
      published: z.number(),
      clicks: z.number(),
      impressions: z.number(),
      engagement: z.number(),
    }),
  ),
});

export const LabelReplies = {
  added: "Label added: put it on posts from the composer",
  updated: "Label updated",
  removed: "Label removed from the workspace and its posts",
  posted: "The post's labels are saved",
} as const;
