import { describe, expect, it } from "vitest";
import { casesFor, sample, seeded } from "./fuzz-cases";

describe("fuzz cases", () => {
  it("a sample its schema accepts: required fields only, the smallest number, enum members, formats", () => {
    const schema = {
      type: "object",
      properties: {
        name: { type: "string", minLength: 3 },
        count: { type: "integer", minimum: 2 },
        kind: { enum: ["a"] },
        when: { type: "string", format: "date-time" },
        note: { type: "string" },
      },
      required: ["name", "count", "kind", "when"],
    };
    expect(sample(schema, seeded(1))).toEqual({ name: "xxx", count: 2, kind: "a", when: "2030-01-15T10:00:00.000Z" });
  });

  it("the same seed sends the same requests: valid, then malformed bodies and bad ids", () => {
    const op = {
      path: "/api/posts/{id}",
      querySchemas: {},
      body: { type: "object", properties: { content: { type: "string" } }, required: ["content"] },
      contentType: "application/json",
    };
    const first = casesFor(op, { id: "p1" }, seeded(37));
    expect(first).toEqual(casesFor(op, { id: "p1" }, seeded(37)));
    expect(first.map((c) => c.name)).toEqual([
      "valid",
      "wrong types",
      "missing fields",
      "huge strings",
      "not JSON",
      "bad id '; drop tabl",
      "bad id xxxxxxxxxxxx",
    ]);
    expect(first[0]).toMatchObject({ path: "/api/posts/p1", body: '{"content":"x"}' });
  });
});
