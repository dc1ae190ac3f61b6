import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import { Messages } from "../errors";
import { issueMessage } from "./issue-message";

/** The message parseOrThrow would give for `input`. */
const messageFor = (schema: z.core.$ZodType, input: unknown) => {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) throw new Error("expected a refusal");
  return issueMessage(parsed.error.issues[0], input);
};

describe("a refused field's message", () => {
  const links = z.object({ links: z.array(z.object({ label: z.string(), url: z.url() })) });

  it("keeps the schema's own words", () => {
    expect(messageFor(z.object({ name: z.string().min(3, "Name is short") }), { name: "x" })).toBe("Name is short");
    expect(
      messageFor(zm.object({ email: zm.string().check(zm.minLength(1, "Please fill in all required fields")) }), {
        email: "",
      }),
    ).toBe("Please fill in all required fields");
  });

  it("names a nested field by its path and says what it must be", () => {
    expect(messageFor(links, { links: [{ url: "https://x.test" }] })).toBe("links[0].label is required.");
    expect(messageFor(links, { links: [{ label: 1, url: "https://x.test" }] })).toBe("links[0].label must be text.");
    expect(messageFor(links, { links: [{ label: "a", url: "nope" }] })).toBe("links[0].url must be a valid URL.");
    expect(messageFor(z.object({ content: z.string() }), { content: 123 })).toBe("content must be text.");
    expect(messageFor(zm.object({ email: zm.string() }), { email: 42 })).toBe("email must be text.");
  });

  it("gives sizes, choices and unknown fields in words", () => {
    expect(messageFor(z.object({ postIds: z.array(z.string()).min(1) }), { postIds: [] })).toBe(
      "postIds needs at least 1 item.",
    );
    expect(messageFor(z.object({ tags: z.array(z.string()).max(2) }), { tags: ["a", "b", "c"] })).toBe(
      "tags can have at most 2 items.",
    );
    expect(messageFor(z.object({ title: z.string().min(1) }), { title: "" })).toBe("title must not be empty.");
    expect(messageFor(z.object({ title: z.string().max(5) }), { title: "toolong" })).toBe(
      "title can be at most 5 characters long.",
    );
    expect(messageFor(z.object({ limit: z.number().min(1) }), { limit: 0 })).toBe("limit must be at least 1.");
    expect(messageFor(z.object({ kind: z.enum(["draft", "scheduled"]) }), { kind: "x" })).toBe(
      "kind must be one of: draft, scheduled.",
    );
    expect(messageFor(z.object({ a: z.string() }).strict(), { a: "x", b: 1, c: 2 })).toBe("Unknown fields: b, c.");
  });

  it("falls back to the spec's generic message when no field is named", () => {
    expect(messageFor(z.object({ a: z.string() }), "text")).toBe("The request must be an object.");
    expect(
      messageFor(
        z.string().refine(() => false),
        "x",
      ),
    ).toBe(Messages.validation);
    expect(issueMessage(undefined, {})).toBe(Messages.validation);
  });
});
