/**
 * A Google Business Profile local post's type and its fields, as a channel option (ADR 065): what each type
 * needs, checked before Google sees it, in the user's words. Pure; the composer and pre-flight share it.
 */
import { z } from "zod";

export const LOCAL_POST_TYPES = ["STANDARD", "EVENT", "OFFER", "ALERT"] as const;
export const LOCAL_POST_ACTIONS = ["BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL"] as const;
/** An event's or offer's title (LocalPostEvent.title) and a coupon code: Business Profile shows at most 58. */
export const LOCAL_POST_TITLE_MAX = 58;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD");
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Times are HH:MM");
const url = z.url({ protocol: /^https?$/, error: "Links must be http or https URLs" });

export const localPostSchema = z.strictObject({
  topicType: z.enum(LOCAL_POST_TYPES, { error: "Post type must be STANDARD, EVENT, OFFER or ALERT" }),
  callToAction: z
    .strictObject({ actionType: z.enum(LOCAL_POST_ACTIONS, { error: "Unknown button" }), url: url.optional() })
    .optional(),
  event: z
    .strictObject({
      title: z.string().trim().min(1, "An event or offer needs a title").max(LOCAL_POST_TITLE_MAX),
      startDate: day,
      startTime: time.optional(),
      endDate: day,
      endTime: time.optional(),
    })
    .optional(),
  offer: z
    .strictObject({
      couponCode: z.string().trim().max(LOCAL_POST_TITLE_MAX).optional(),
      redeemOnlineUrl: url.optional(),
      termsConditions: z.string().trim().max(5000).optional(),
    })
    .optional(),
});
export type LocalPost = z.output<typeof localPostSchema>;

export const LocalPostMessages = {
  needsEvent: (type: string) =>
    `A Google Business Profile ${type.toLowerCase()} needs a title, a start date and an end date`,
  endBeforeStart: "The end of the event or offer must come after its start",
  callWithUrl: "The Call button dials the location's phone: it takes no link",
  needsUrl: (action: string) => `The ${actionLabel(action)} button needs a link`,
  offerButton: "An offer has no button of its own: Google shows “View offer” (add a redeem link instead)",
  offerFields: "Coupon code, redeem link and terms are only for an offer",
  eventFields: "A title and dates are only for an event or an offer",
  alertText: "An alert needs text",
  phone: "Google rejects local posts with a phone number in the text: use the Call button instead",
} as const;

export const actionLabel = (action: string) =>
  action === "LEARN_MORE" ? "Learn more" : action === "SIGN_UP" ? "Sign up" : action[0] + action.slice(1).toLowerCase();

const PHONE = /\+?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;

/** What is wrong with this local post for its type; `text` is the channel's caption. */
export function localPostProblems(post: LocalPost, text: string): string[] {
  const out: string[] = [];
  const { topicType, callToAction, event, offer } = post;
  const dated = topicType === "EVENT" || topicType === "OFFER";
  if (dated && !event) out.push(LocalPostMessages.needsEvent(topicType));
  if (!dated && event) out.push(LocalPostMessages.eventFields);
  if (event) {
    const start = `${event.startDate}T${event.startTime ?? "00:00"}`;
    const end = `${event.endDate}T${event.endTime ?? "24:00"}`;
    if (end <= start) out.push(LocalPostMessages.endBeforeStart);
  }
  if (offer && topicType !== "OFFER") out.push(LocalPostMessages.offerFields);
  if (callToAction) {
    if (topicType === "OFFER") out.push(LocalPostMessages.offerButton);
    else if (callToAction.actionType === "CALL" && callToAction.url) out.push(LocalPostMessages.callWithUrl);
    else if (callToAction.actionType !== "CALL" && !callToAction.url)
      out.push(LocalPostMessages.needsUrl(callToAction.actionType));
  }
  if (topicType === "ALERT" && text.trim() === "") out.push(LocalPostMessages.alertText);
  if (PHONE.test(text)) out.push(LocalPostMessages.phone);
  return out;
}
