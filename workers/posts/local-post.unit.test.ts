import { describe, expect, it } from "vitest";
import { type LocalPost, LocalPostMessages, localPostProblems, localPostSchema } from "./local-post";

const event = {
  title: "Winter tasting",
  startDate: "2031-01-10",
  startTime: "18:00",
  endDate: "2031-01-10",
  endTime: "21:00",
};

describe("Business Profile local post types", () => {
  it("accepts a standard post with a Learn more link, and a Call button without one", () => {
    expect(
      localPostProblems(
        { topicType: "STANDARD", callToAction: { actionType: "LEARN_MORE", url: "https://x.example" } },
        "Hi",
      ),
    ).toEqual([]);
    expect(localPostProblems({ topicType: "STANDARD", callToAction: { actionType: "CALL" } }, "Hi")).toEqual([]);
  });

  it("refuses a Call button with a link, and any other button without one", () => {
    expect(
      localPostProblems(
        { topicType: "STANDARD", callToAction: { actionType: "CALL", url: "https://x.example" } },
        "Hi",
      ),
    ).toEqual([LocalPostMessages.callWithUrl]);
    expect(localPostProblems({ topicType: "STANDARD", callToAction: { actionType: "BOOK" } }, "Hi")).toEqual([
      "The Book button needs a link",
    ]);
  });

  it("needs a title and dates for events and offers, ending after they start", () => {
    expect(localPostProblems({ topicType: "EVENT" }, "Hi")).toEqual([LocalPostMessages.needsEvent("EVENT")]);
    expect(localPostProblems({ topicType: "EVENT", event }, "Hi")).toEqual([]);
    expect(localPostProblems({ topicType: "OFFER", event: { ...event, endTime: "17:00" } }, "Hi")).toEqual([
      LocalPostMessages.endBeforeStart,
    ]);
    // Without times an event runs whole days, so one day is a valid span.
    expect(
      localPostProblems(
        { topicType: "EVENT", event: { title: "Fair", startDate: "2031-01-10", endDate: "2031-01-10" } },
        "",
      ),
    ).toEqual([]);
  });

  it("keeps offer fields to offers and buttons off offers", () => {
    const offer: LocalPost = { topicType: "OFFER", event, offer: { couponCode: "WINTER10" } };
    expect(localPostProblems(offer, "10% off")).toEqual([]);
    expect(localPostProblems({ ...offer, topicType: "STANDARD" }, "x")).toEqual([
      LocalPostMessages.eventFields,
      LocalPostMessages.offerFields,
    ]);
    expect(
      localPostProblems({ ...offer, callToAction: { actionType: "ORDER", url: "https://x.example" } }, "x"),
    ).toEqual([LocalPostMessages.offerButton]);
  });

  it("needs text on an alert and refuses a phone number in the text, as Google's policy does", () => {
    expect(localPostProblems({ topicType: "ALERT" }, " ")).toEqual([LocalPostMessages.alertText]);
    expect(localPostProblems({ topicType: "STANDARD" }, "Call us on (415) 555-0134")).toEqual([
      LocalPostMessages.phone,
    ]);
  });

  it("parses Google's types and refuses unknown ones, bad dates and long titles in the user's words", () => {
    expect(localPostSchema.safeParse({ topicType: "PRODUCT" }).error?.issues[0]?.message).toBe(
      "Post type must be STANDARD, EVENT, OFFER or ALERT",
    );
    expect(
      localPostSchema.safeParse({ topicType: "EVENT", event: { ...event, startDate: "10/01/2031" } }).error?.issues[0]
        ?.message,
    ).toBe("Dates are YYYY-MM-DD");
    expect(localPostSchema.safeParse({ topicType: "EVENT", event: { ...event, title: "x".repeat(59) } }).success).toBe(
      false,
    );
  });
});
