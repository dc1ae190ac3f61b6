/**
 * Requests for a schema-driven fuzz run over the API document: for each operation a request its schemas
 * accept and malformed ones (wrong types, missing fields, huge strings, bad ids), from a seeded generator so
 * every run sends the same requests.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

export interface FuzzCase {
  name: string;
  path: string;
  query: Record<string, string>;
  body?: string;
  contentType?: string;
}

/** mulberry32: small, seeded, good enough to vary the cases. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FORMATS: Record<string, string> = {
  email: "fuzz@example.com",
  uri: "https://example.com/feed.xml",
  url: "https://example.com/feed.xml",
  "date-time": "2030-01-15T10:00:00.000Z",
  date: "2030-01-15",
};

/** A value the schema accepts (the first enum member, the smallest number, required fields only). */
export function sample(schema: JsonSchema, random: () => number): unknown {
  if ("const" in schema) return schema.const;
  if (schema.enum) return schema.enum[Math.floor(random() * schema.enum.length)];
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice[0]!, random);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key] ?? {}, random);
      return out;
    }
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, random));
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return false;
    case "string": {
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
      return "x".repeat(Math.max(schema.minLength ?? 1, 1));
    }
    default:
      return "x";
  }
}

const WRONG: unknown[] = [42, "text", true, null, [], {}, -1];
/** Beyond every documented maxLength, well under the 1 MB body limit: a refusal by the schema, not the size. */
const HUGE = "é".repeat(20_000);

/** The path with each {param} filled: a real id where the run has one, else an id that names nothing. */
function fill(path: string, ids: Record<string, string>, bad: string) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? bad));
}

export interface OperationShape {
  path: string;
  querySchemas: Record<string, JsonSchema>;
  body?: JsonSchema;
  contentType?: string;
}

/** A valid request, then malformed ones; bodies only where the operation takes one. */
export function casesFor(op: OperationShape, ids: Record<string, string>, random: () => number): FuzzCase[] {
  const path = fill(op.path, ids, "no-such-id");
  const validQuery = Object.fromEntries(
    Object.entries(op.querySchemas).flatMap(([name, schema]) => {
      const value = sample(schema, random);
      return value === undefined || value === null || typeof value === "object" ? [] : [[name, String(value)]];
    }),
  );
  const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: "application/json" });
  const cases: FuzzCase[] = [];
  if (op.body && op.contentType === "application/json") {
    const valid = sample(op.body, random) as Record<string, unknown>;
    cases.push({ name: "valid", path, query: validQuery, ...json(valid) });
    const wrongTypes = Object.fromEntries(
      Object.keys(op.body.properties ?? {}).map((k) => [k, WRONG[Math.floor(random() * WRONG.length)]]),
    );
    cases.push({ name: "wrong types", path, query: validQuery, ...json(wrongTypes) });
    cases.push({ name: "missing fields", path, query: validQuery, ...json({}) });
    const huge = Object.fromEntries(Object.keys(op.body.properties ?? {}).map((k) => [k, HUGE]));
    cases.push({ name: "huge strings", path, query: validQuery, ...json(huge) });
    cases.push({ name: "not JSON", path, query: validQuery, body: '{"content":', contentType: "application/json" });
  } else if (op.contentType) {
    cases.push({ name: "not multipart", path, query: validQuery, ...json({ files: "x" }) });
    cases.push({ name: "empty form", path, query: validQuery, body: "", contentType: op.contentType });
  } else {
    cases.push({ name: "valid", path, query: validQuery });
  }
  if (Object.keys(op.querySchemas).length > 0) {
    const wrong = Object.fromEntries(Object.keys(op.querySchemas).map((k) => [k, "[object Object]"]));
    cases.push({ name: "wrong query", path, query: wrong });
  }
  if (op.path.includes("{")) {
    for (const bad of ["'; drop table posts;--", "x".repeat(2000)]) {
      cases.push({ name: `bad id ${bad.slice(0, 12)}`, path: fill(op.path, {}, bad), query: validQuery });
    }
  }
  return cases;
}
