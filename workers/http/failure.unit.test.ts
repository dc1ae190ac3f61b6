import { describe, expect, it } from "vitest";
import { Conflict, Invalid, Messages, NotFound, TooMany } from "../errors";
import { HttpError } from "./envelope";
import { failureOf } from "./failure";

describe("failureOf: the one mapping from a refusal to HTTP", () => {
  it("gives each domain error its status and message, and SPEC §8's text by default", () => {
    expect(failureOf(new NotFound())).toEqual({ status: 404, message: Messages.notFound, headers: {} });
    expect(failureOf(new Conflict("This post has nothing left to publish."))).toEqual({
      status: 409,
      message: "This post has nothing left to publish.",
      headers: {},
    });
  });

  it("carries an Invalid's data and a TooMany's Retry-After beside the limiter's own headers", () => {
    expect(failureOf(new Invalid("Caption too long", { problems: [1] }))).toMatchObject({
      status: 400,
      data: { problems: [1] },
    });
    expect(failureOf(new TooMany(undefined, 30, { "RateLimit-Limit": "60" }))).toEqual({
      status: 429,
      message: Messages.tooMany,
      headers: { "RateLimit-Limit": "60", "Retry-After": "30" },
    });
  });

  it("passes an HTTP-level refusal through and leaves real failures to the 500 path", () => {
    expect(failureOf(new HttpError(416, "Requested range not satisfiable."))).toEqual({
      status: 416,
      message: "Requested range not satisfiable.",
      headers: {},
    });
    expect(failureOf(new Error("boom"))).toBeNull();
    expect(failureOf("boom")).toBeNull();
  });
});
