import { describe, expect, it } from "vitest";
import { parseJsonExact } from "./exact-json";

describe("parseJsonExact", () => {
  it("keeps a 19-digit int64 id digit for digit, where JSON.parse rounds it to another id", () => {
    const text = '{"data":{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[7678907398077074696]}}';
    expect(String(JSON.parse(text).data.publicaly_available_post_id[0])).toBe("7678907398077074000");
    expect(parseJsonExact(text)).toEqual({
      data: { status: "PUBLISH_COMPLETE", publicaly_available_post_id: ["7678907398077074696"] },
    });
  });

  it("leaves numbers a JS number holds, decimals, exponents and digits inside strings as they are", () => {
    const text =
      '{"n":9007199254740991,"neg":-42,"f":1234567890123456.5,"e":1e21,"s":"id 7678907398077074696 \\" 12345678901234567","a":[-9007199254740993]}';
    expect(parseJsonExact(text)).toEqual({
      n: 9007199254740991,
      neg: -42,
      f: 1234567890123456.5,
      e: 1e21,
      s: 'id 7678907398077074696 " 12345678901234567',
      a: ["-9007199254740993"],
    });
  });
});
