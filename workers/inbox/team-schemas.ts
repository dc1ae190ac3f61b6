import { z } from "zod";
import { INBOX_KINDS, INBOX_RULE_ACTIONS, SENTIMENTS } from "../db/schema/value-lists";
import { PLATFORMS } from "../platform-profile";
import { REPLY_MAX } from "./rules";
import { hasCondition } from "./team-rules";

/** The inbox team features' request schemas (ADR 084); the page's forms send the same fields. */
const itemIds = z
  .array(z.string().min(1).max(100), { message: "Choose the items first." })
  .min(1, "Choose the items first.")
  .max(100, "Act on at most 100 items at once.");
const label = z
  .string({ message: "Write a label." })
  .trim()
  .min(1, "Write a label.")
  .max(40, "Keep a label under 40 characters.");

export const inboxBulkBody = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("done"), ids: itemIds }),
    z.object({ action: z.literal("open"), ids: itemIds }),
    z.object({ action: z.literal("assign"), ids: itemIds, assigneeId: z.string().min(1).nullable() }),
    z.object({ action: z.literal("label"), ids: itemIds, label }),
    z.object({ action: z.literal("unlabel"), ids: itemIds, label }),
  ],
  { error: "action must be done, open, assign, label or unlabel" },
);

/** Items the member has read (their own marks; every member, viewers too). */
export const inboxReadBody = z.object({ ids: itemIds });

export const inboxNoteBody = z.object({
  text: z
    .string({ message: "Write the note first." })
    .trim()
    .min(1, "Write the note first.")
    .max(2_000, "Keep a note under 2,000 characters."),
});

export const savedReplyBody = z.object({
  title: z
    .string({ message: "Give the saved reply a title." })
    .trim()
    .min(1, "Give the saved reply a title.")
    .max(80, "Keep the title under 80 characters."),
  body: z
    .string({ message: "Write the reply." })
    .trim()
    .min(1, "Write the reply.")
    .max(REPLY_MAX, `Keep the reply under ${REPLY_MAX.toLocaleString("en-US")} characters.`),
});

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === undefined ? null : v), schema.nullable()).default(null);

export const inboxRuleBody = z
  .object({
    /** Words or phrases, comma-separated: any of them matches (ADR 102). */
    keyword: optional(z.string().trim().min(1).max(500, "Keep the keywords under 500 characters.")),
    platform: optional(z.enum(PLATFORMS, { message: "Choose one of the networks." })),
    /** One connected account's items only. */
    accountId: optional(z.string().trim().min(1).max(100)),
    kind: optional(z.enum(INBOX_KINDS, { message: "kind must be comment, mention, message or review" })),
    sentiment: optional(z.enum(SENTIMENTS, { message: "sentiment must be positive, neutral or negative" })),
    action: z.enum(INBOX_RULE_ACTIONS, { message: "action must be assign, label or hide" }),
    value: optional(z.string().trim().min(1).max(100)),
  })
  .refine((r) => hasCondition(r), {
    message: "Give the rule at least one condition: a keyword, a network, an account, a type or a sentiment.",
  })
  .refine((r) => r.action === "hide" || r.value, {
    message: "Say who to assign to, or which label to add.",
  });

export const inboxDraftBody = inboxNoteBody.extend({
  text: z
    .string({ message: "Write a reply first." })
    .trim()
    .min(1, "Write a reply first.")
    .max(REPLY_MAX, `Keep the reply under ${REPLY_MAX.toLocaleString("en-US")} characters.`),
});

export const analyticsRange = z.object({
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().positive().optional(),
});
