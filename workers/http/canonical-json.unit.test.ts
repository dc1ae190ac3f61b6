import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json";

describe("canonicalJson (RFC 8785)", () => {
  it("writes the same value the same way whatever its member order, spacing or escapes", () => {
    const a = JSON.parse('{"b": [1, {"z": true, "a": null}], "a": "\\u00e9", "n": 1.0}');
    const b = JSON.parse('{"n":1,"a":"é","b":[1,{"a":null,"z":true}]}');
    expect(canonicalJson(a)).toBe('{"a":"é","b":[1,{"a":null,"z":true}],"n":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it("keeps what differs: array order, types, values", () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: "1" }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 1, b: null }));
  });

  it("sorts member names by UTF-16 code units and writes numbers as ECMAScript does (RFC 8785 §3.2.3, appendix B)", () => {
    // The RFC's own sorting example: "\u20ac" (€), "\r", "\ufb33", "1", "\ud83d\ude00" (😀), "\u0080", "\u00f6".
    const names = ["\u20ac", "\r", "\ufb33", "1", "\ud83d\ude00", "\u0080", "\u00f6"];
    const sorted = canonicalJson(Object.fromEntries(names.map((n, i) => [n, i])));
    expect(sorted).toBe('{"\\r":1,"1":3,"\u0080":5,"\u00f6":6,"\u20ac":0,"\ud83d\ude00":4,"\ufb33":2}');
    expect(canonicalJson([1e21, 1e-7, 0.1 + 0.2, -0, 100])).toBe("[1e+21,1e-7,0.30000000000000004,0,100]");
  });
});
