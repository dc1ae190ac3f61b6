import { z } from "zod";
import { FEED_MODES } from "../db/schema/feeds";
import { DEFAULT_TEMPLATE, FeedMessages } from "./rules";

/** What /api/feeds and Content → Feeds accept (the app imports these). */
const template = z
  .string()
  .trim()
  .min(1, "Please write a template, like {title} {link}")
  .max(2000, "The template must be at most 2,000 characters")
  .refine((t) => /\{(title|link|summary)\}/.test(t), "The template must use {title}, {link} or {summary}");
const mode = z.enum(FEED_MODES, { error: "Choose whether new items become drafts or go to the queue" });
const accountIds = z.array(z.string().trim().min(1).max(100)).max(20, "Choose at most 20 channels");

export const feedCreateBody = z
  .object({
    url: z.string().trim().min(1, FeedMessages.invalid).max(2000, "Feed URLs must be at most 2,000 characters"),
    mode: mode.default("draft"),
    accountIds: accountIds.default([]),
    template: template.default(DEFAULT_TEMPLATE),
  })
  .refine((f) => f.mode === "draft" || f.accountIds.length > 0, {
    message: "Choose at least one channel for the queue",
    path: ["accountIds"],
  });
export type FeedCreate = z.output<typeof feedCreateBody>;

export const feedPatchBody = z.object({
  mode: mode.optional(),
  accountIds: accountIds.optional(),
  template: template.optional(),
});
export type FeedPatch = z.output<typeof feedPatchBody>;

export const FeedReplies = {
  added: "Feed added: it is checked within a minute, then every 15 minutes",
  updated: "Feed saved",
  removed: "Feed removed; the items it brought are remembered, so re-adding it posts none of them again",
  checked: (posted: number, error: string | null) =>
    error ? `Feed checked: ${error}` : `Feed checked: ${posted} new ${posted === 1 ? "post" : "posts"}`,
} as const;
