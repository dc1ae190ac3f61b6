import { useId } from "react";
import { inputClass, labelClass } from "~/components/ui/styles";
import type { LocalPostOptions } from "../../../workers/platform-profile";
import { actionLabel, LOCAL_POST_ACTIONS, LOCAL_POST_TYPES } from "../../../workers/posts/public";

const TYPE_LABELS: Record<(typeof LOCAL_POST_TYPES)[number], string> = {
  STANDARD: "Update",
  EVENT: "Event",
  OFFER: "Offer",
  ALERT: "Alert",
};

type Event = NonNullable<LocalPostOptions["event"]>;

/**
 * A Business Profile channel's local post (ADR 065): its type, then what that type takes: a button (with its
 * link, except Call), an event's or offer's title and dates, an offer's coupon, link and terms. Unset is an update.
 */
export function LocalPostFields({
  value,
  onChange,
}: {
  value: LocalPostOptions | undefined;
  onChange: (value: LocalPostOptions | undefined) => void;
}) {
  const id = useId();
  const post: LocalPostOptions = value ?? { topicType: "STANDARD" };
  const type = post.topicType;
  const dated = type === "EVENT" || type === "OFFER";
  const set = (patch: Partial<LocalPostOptions>) => {
    const next = { ...post, ...patch };
    const unset = next.topicType === "STANDARD" && !next.callToAction && !next.event && !next.offer;
    onChange(unset ? undefined : next);
  };
  const event: Event = post.event ?? { title: "", startDate: "", endDate: "" };
  const setEvent = (patch: Partial<Event>) => set({ event: { ...event, ...patch } });
  const field = (key: string, label: string, input: React.ReactNode) => (
    <div key={key}>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      {input}
    </div>
  );
  return (
    <>
      {field(
        "type",
        "Post type",
        <select
          id={`${id}-type`}
          className={inputClass}
          value={type}
          onChange={(e) => {
            const topicType = e.target.value as LocalPostOptions["topicType"];
            const keepsDates = topicType === "EVENT" || topicType === "OFFER";
            set({
              topicType,
              event: keepsDates ? post.event : undefined,
              offer: topicType === "OFFER" ? post.offer : undefined,
              callToAction: topicType === "OFFER" ? undefined : post.callToAction,
            });
          }}
        >
          {LOCAL_POST_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>,
      )}
      {type !== "OFFER"
        ? field(
            "button",
            "Button",
            <select
              id={`${id}-button`}
              className={inputClass}
              value={post.callToAction?.actionType ?? ""}
              onChange={(e) => {
                const actionType = e.target.value as (typeof LOCAL_POST_ACTIONS)[number] | "";
                set({
                  callToAction: actionType
                    ? { actionType, ...(actionType === "CALL" ? {} : { url: post.callToAction?.url }) }
                    : undefined,
                });
              }}
            >
              <option value="">No button</option>
              {LOCAL_POST_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {actionLabel(a)}
                </option>
              ))}
            </select>,
          )
        : null}
      {post.callToAction && post.callToAction.actionType !== "CALL" && type !== "OFFER"
        ? field(
            "url",
            "Button link",
            <input
              id={`${id}-url`}
              type="url"
              className={inputClass}
              value={post.callToAction.url ?? ""}
              placeholder="https://"
              onChange={(e) =>
                set({ callToAction: { actionType: post.callToAction!.actionType, url: e.target.value || undefined } })
              }
            />,
          )
        : null}
      {dated ? (
        <>
          {field(
            "title",
            type === "EVENT" ? "Event title" : "Offer title",
            <input
              id={`${id}-title`}
              className={inputClass}
              maxLength={58}
              value={event.title}
              onChange={(e) => setEvent({ title: e.target.value })}
            />,
          )}
          <div className="grid grid-cols-2 gap-2">
            {field(
              "start",
              "Starts",
              <input
                id={`${id}-start`}
                type="date"
                className={inputClass}
                value={event.startDate}
                onChange={(e) => setEvent({ startDate: e.target.value })}
              />,
            )}
            {field(
              "start-time",
              "At (optional)",
              <input
                id={`${id}-start-time`}
                type="time"
                className={inputClass}
                value={event.startTime ?? ""}
                onChange={(e) => setEvent({ startTime: e.target.value || undefined })}
              />,
            )}
            {field(
              "end",
              "Ends",
              <input
                id={`${id}-end`}
                type="date"
                className={inputClass}
                value={event.endDate}
                onChange={(e) => setEvent({ endDate: e.target.value })}
              />,
            )}
            {field(
              "end-time",
              "At (optional)",
              <input
                id={`${id}-end-time`}
                type="time"
                className={inputClass}
                value={event.endTime ?? ""}
                onChange={(e) => setEvent({ endTime: e.target.value || undefined })}
              />,
            )}
          </div>
        </>
      ) : null}
      {type === "OFFER" ? (
        <>
          {field(
            "coupon",
            "Coupon code (optional)",
            <input
              id={`${id}-coupon`}
              className={inputClass}
              maxLength={58}
              value={post.offer?.couponCode ?? ""}
              onChange={(e) => set({ offer: { ...post.offer, couponCode: e.target.value || undefined } })}
            />,
          )}
          {field(
            "redeem",
            "Redeem online link (optional)",
            <input
              id={`${id}-redeem`}
              type="url"
              className={inputClass}
              placeholder="https://"
              value={post.offer?.redeemOnlineUrl ?? ""}
              onChange={(e) => set({ offer: { ...post.offer, redeemOnlineUrl: e.target.value || undefined } })}
            />,
          )}
          {field(
            "terms",
            "Terms and conditions (optional)",
            <textarea
              id={`${id}-terms`}
              className={inputClass}
              rows={2}
              value={post.offer?.termsConditions ?? ""}
              onChange={(e) => set({ offer: { ...post.offer, termsConditions: e.target.value || undefined } })}
            />,
          )}
        </>
      ) : null}
    </>
  );
}
