import { describe, expect, it } from "vitest";
import { comparableBody, isReleased, outcomeOf, STALE_CLAIM_MS } from "./idempotency";

describe("a claimed Idempotency-Key", () => {
  const now = 1_000_000_000;
  const fresh = { requestHash: "h", responseStatus: null, responseBody: null, work: null, createdAt: now };
  it("replays a finished answer, waits on a running one, refuses another body", () => {
    const answered = { ...fresh, responseStatus: 201, responseBody: "{}" };
    expect(outcomeOf(answered, "h", now)).toEqual({ kind: "replay", status: 201, body: "{}" });
    expect(outcomeOf(fresh, "h", now)).toEqual({ kind: "pending" });
    expect(outcomeOf(answered, "other", now)).toEqual({ kind: "mismatch" });
  });

  it("answers from the work of a claim whose request died after its work committed, once the claim is stale", () => {
    const marked = { ...fresh, work: "post-1" };
    // The request may still be answering: its answer is waited for.
    expect(outcomeOf(marked, "h", now + STALE_CLAIM_MS - 1)).toEqual({ kind: "pending" });
    expect(outcomeOf(marked, "h", now + STALE_CLAIM_MS + 1)).toEqual({ kind: "done", work: "post-1" });
    expect(outcomeOf(marked, "other", now + STALE_CLAIM_MS + 1)).toEqual({ kind: "mismatch" });
  });
});

describe("when a claim lets go of its key", () => {
  const hour = 60 * 60_000;
  it("an answer after 24 h; an unanswered claim after two minutes (its Worker died), not sooner", () => {
    const now = 100 * hour;
    const answered = { responseStatus: 201, work: null, createdAt: now - 23 * hour, expiresAt: now + hour };
    expect(isReleased(answered, now)).toBe(false);
    expect(isReleased({ ...answered, expiresAt: now - 1 }, now)).toBe(true);
    const running = {
      responseStatus: null,
      work: null,
      createdAt: now - STALE_CLAIM_MS + 1,
      expiresAt: now + 23 * hour,
    };
    expect(isReleased(running, now)).toBe(false);
    expect(isReleased({ ...running, createdAt: now - STALE_CLAIM_MS - 1 }, now)).toBe(true);
  });

  it("a dead claim whose work committed keeps its key for its 24 h: a retry is answered from the work", () => {
    const now = 100 * hour;
    const marked = { responseStatus: null, work: "post-1", createdAt: now - STALE_CLAIM_MS - 1, expiresAt: now + hour };
    expect(isReleased(marked, now)).toBe(false);
    expect(isReleased({ ...marked, expiresAt: now - 1 }, now)).toBe(true);
  });
});

describe("the body a retry is compared by", () => {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
  it("is canonical JSON for JSON, so the same value re-serialised matches and another value does not", () => {
    const first = comparableBody(bytes('{"content":"Hi","platforms":["x"]}'), "application/json");
    const again = comparableBody(
      bytes('{ "platforms": [ "x" ],\n  "content": "H\\u0069" }'),
      "application/json; charset=utf-8",
    );
    expect(again).toBe(first);
    expect(comparableBody(bytes('{"content":"Hi","platforms":["x","linkedin"]}'), "application/json")).not.toBe(first);
    expect(comparableBody(bytes('{"platforms":["x"]}'), "application/merge-patch+json")).toBe('{"platforms":["x"]}');
  });

  it("is the bytes for anything else, a form less its random boundary, and JSON that does not parse", () => {
    const form = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}--`;
    const a = comparableBody(bytes(form("b1")), "multipart/form-data; boundary=b1");
    expect(comparableBody(bytes(form("b2")), 'multipart/form-data; boundary="b2"')).toBe(a);
    expect(comparableBody(bytes('{"a":1 '), "application/json")).toBe('{"a":1 ');
    expect(comparableBody(bytes('{"b":1,"a":2}'), "text/plain")).toBe('{"b":1,"a":2}');
  });
});
