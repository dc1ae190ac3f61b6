import { z } from "zod";
import { Messages } from "../errors";

/** A refusal of zod's, as parseOrThrow meets it: the first issue of a failed parse. */
type Issue = z.core.$ZodIssue;

const english = z.locales.en().localeError!;

/**
 * Whether `issue` carries zod's own wording rather than the schema's: the spec's messages are the schemas', and
 * only zod's stock English is replaced. A type mismatch's stock message names the input's type, which the final
 * issue no longer holds, so it is known by its opening.
 */
function isStock(issue: Issue): boolean {
  const stock = english(issue as z.core.$ZodRawIssue);
  return (
    issue.message === (typeof stock === "string" ? stock : stock?.message) || issue.message.startsWith("Invalid input")
  );
}

/** `links[0].label` for the path ["links", 0, "label"]. */
const fieldOf = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${String(p)}`)).join("");

const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};

const plural = (n: number | bigint, noun: string) => `${n} ${noun}${Number(n) === 1 ? "" : "s"}`;

/** What is wrong with the field, in words, for the codes a request body or query meets. */
function describe(issue: Issue, missing: boolean): string | null {
  switch (issue.code) {
    case "invalid_type":
      return missing ? "is required" : `must be ${KINDS[issue.expected] ?? issue.expected}`;
    case "too_small": {
      const { minimum: min, origin } = issue;
      if (origin === "array" || origin === "set") return `needs at least ${plural(min, "item")}`;
      if (origin === "string")
        return Number(min) === 1 ? "must not be empty" : `must be at least ${plural(min, "character")} long`;
      return `must be ${issue.inclusive ? "at least" : "more than"} ${min}`;
    }
    case "too_big": {
      const { maximum: max, origin } = issue;
      if (origin === "array" || origin === "set") return `can have at most ${plural(max, "item")}`;
      if (origin === "string") return `can be at most ${plural(max, "character")} long`;
      return `must be ${issue.inclusive ? "at most" : "less than"} ${max}`;
    }
    case "invalid_value":
      return `must be one of: ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      return issue.format === "email"
        ? "must be a valid email address"
        : `must be a valid ${issue.format === "url" ? "URL" : issue.format}`;
    default:
      return null;
  }
}

/**
 * The message a client sees for a failed parse of `input`: the schema's own when it gave one, else the field by
 * its path and what it must be ("links[0].label is required."), so an integrator knows what to fix; the spec's
 * generic message only when nothing names a field.
 */
export function issueMessage(issue: Issue | undefined, input: unknown): string {
  if (!issue) return Messages.validation;
  if (!isStock(issue)) return issue.message;
  const field = fieldOf(issue.path);
  if (issue.code === "unrecognized_keys")
    return `Unknown field${issue.keys.length === 1 ? "" : "s"}${field ? ` in ${field}` : ""}: ${issue.keys.join(", ")}.`;
  if (!field)
    return issue.code === "invalid_type"
      ? `The request must be ${KINDS[issue.expected] ?? "valid"}.`
      : Messages.validation;
  const what = describe(issue, valueAt(input, issue.path) === undefined);
  return what ? `${field} ${what}.` : `Please check ${field} and try again.`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at = input;
  for (const key of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}
