import { z } from "zod";
import { LOCAL_DATE } from "../posts";
import { MAX_SLOTS, QueueMessages, slotSchema } from "../queue";
import { CategoryMessages } from "./rules";

/** What /api/categories and Content → Categories accept (the app imports these). */
const name = z.string().trim().min(1, CategoryMessages.name).max(60, CategoryMessages.nameLong);
const slots = z.array(slotSchema).min(1, CategoryMessages.noSlots).max(MAX_SLOTS, QueueMessages.tooMany);
const minGapDays = z.coerce
  .number({ error: CategoryMessages.gap })
  .int(CategoryMessages.gap)
  .min(1, CategoryMessages.gap)
  .max(365, CategoryMessages.gap);
/** The last local day a post of the category is queued for; null or empty: no end. */
const endsOn = z.preprocess(
  (v) => (v === "" ? null : v),
  z.string({ error: CategoryMessages.endsAt }).regex(LOCAL_DATE, CategoryMessages.endsAt).nullish(),
);

export const categoryCreateBody = z.object({ name, slots, minGapDays: minGapDays.default(30), endsOn });
export type CategoryCreate = z.output<typeof categoryCreateBody>;

export const categoryPatchBody = z.object({
  name: name.optional(),
  slots: slots.optional(),
  minGapDays: minGapDays.optional(),
  endsOn,
});
export type CategoryPatch = z.output<typeof categoryPatchBody>;

export const categoryPostBody = z.object({
  postId: z.string({ error: "Please choose a post" }).trim().min(1, "Please choose a post").max(100),
});

/** A post put in or taken out of a category, in the activity log's words. */
export const categoryPostSummary = (category: { name: string }, postId: string) => `${category.name}: post ${postId}`;

export const CategoryReplies = {
  added: "Category added: its posts are re-queued into its slots in turn",
  updated: "Category saved",
  removed: "Category removed; the posts already queued from it stay in the queue",
  postAdded: "Post added to the category",
  postRemoved: "Post taken out of the category",
} as const;

/** A category as the API and MCP answer it: the fields a client acts on, the rest let through. */
export const CategoryAnswer = z.looseObject({
  id: z.string(),
  name: z.string(),
  nextSlotAt: z.string().nullable(),
  lastNote: z.string().nullable(),
  posts: z.array(z.looseObject({ postId: z.string(), timesQueued: z.number() })),
});
export const CategoryList = z.object({ categories: z.array(CategoryAnswer) });
