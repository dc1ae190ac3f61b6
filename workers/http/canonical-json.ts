/**
 * JSON in the JSON Canonicalization Scheme's form (RFC 8785): object members sorted by their names' UTF-16 code
 * units, no whitespace, strings and numbers as ECMAScript's JSON.stringify writes them. Two texts of the same
 * JSON value (members in another order, other spacing, `1.0` for `1`, `\u00e9` for `é`) give the same string.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    // The default sort compares UTF-16 code units, which is the order RFC 8785 §3.2.3 asks for.
    const names = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${names.map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
