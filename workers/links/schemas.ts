import { z } from "zod";
import { postLinkChoicesSchema, utmValue } from "../posts";

/** What PUT /api/links/settings and the Settings → Links form accept (the app imports these). */
export const linkSettingsBody = z.object({
  enabled: z.boolean({ error: "Please say whether links are shortened and counted (true or false)" }),
  utm: z.boolean({ error: "Please say whether UTM parameters are added (true or false)" }).default(true),
  utmMedium: utmValue("UTM medium").default("social"),
  utmCampaign: utmValue("UTM campaign").default("postline"),
});
export type LinkSettingsInput = z.output<typeof linkSettingsBody>;

const day = z.iso.date({ error: "Dates must be written as YYYY-MM-DD" });
export const clicksQuery = z
  .object({ from: day.optional(), to: day.optional(), postId: z.string().trim().min(1).max(100).optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, "The start date must not be after the end date");

export const LinkReplies = {
  saved: (enabled: boolean) =>
    enabled
      ? "Link tracking is on: links in posts published from now on are shortened and their clicks counted"
      : "Link tracking is off: links are published as written",
} as const;

/** What PUT /api/posts/:id/link-options accepts (ADR 094), as a post's write does: null inherits the workspace's value. */
export const postLinkOptionsBody = postLinkChoicesSchema;
export type PostLinkOptionsInput = z.output<typeof postLinkOptionsBody>;

/** A post's link choices and, per channel, where each of its links lands a reader. */
export const PostLinkOptions = postLinkOptionsBody.extend({
  preview: z.array(
    z.object({ platform: z.string(), links: z.array(z.object({ url: z.string(), final: z.string() })) }),
  ),
});

export const PostLinkReplies = {
  saved: (shorten: boolean) =>
    shorten ? "This post's links will be shortened and tagged" : "This post's links will be published as written",
  live: "This post is already publishing or published, so its links can no longer change",
} as const;
