import { describe, expect, it } from "vitest";
import { ignoreAbortedLoads } from "./aborted-loads";

/** What the browser dispatches for a rejection nothing handled; `defaultPrevented` keeps it off the console. */
function reject(target: EventTarget, reason: unknown) {
  const event = Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("ignoreAbortedLoads", () => {
  it("keeps an aborted load's rejection off the page's errors", () => {
    const page = new EventTarget();
    ignoreAbortedLoads(page);
    expect(reject(page, new DOMException("BodyStreamBuffer was aborted", "AbortError"))).toBe(true);
  });

  it("still reports every other rejection", () => {
    const page = new EventTarget();
    ignoreAbortedLoads(page);
    expect(reject(page, new TypeError("Failed to fetch"))).toBe(false);
    expect(reject(page, new DOMException("The string did not match", "SyntaxError"))).toBe(false);
    expect(reject(page, { name: "AbortError" })).toBe(false);
  });
});
