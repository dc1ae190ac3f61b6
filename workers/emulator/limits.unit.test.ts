import { describe, expect, it } from "vitest";
import { metadataProblem } from "./google";
import { versionProblem } from "./linkedin";
import { weightedLength } from "./x";

describe("X weighted text length", () => {
  it("counts Latin as 1, CJK and emoji as 2, and any URL as 23", () => {
    expect(weightedLength("hello")).toBe(5);
    expect(weightedLength("日本")).toBe(4);
    expect(weightedLength("🎉")).toBe(2);
    expect(weightedLength(`read https://example.com/${"a".repeat(100)} now`)).toBe(5 + 23 + 4);
  });
});

describe("LinkedIn-Version", () => {
  const now = Date.UTC(2026, 10, 23);
  it("accepts versions from the last twelve months", () => {
    expect(versionProblem("202601", now)).toBeNull();
    expect(versionProblem("202511.01", now)).toBeNull();
  });
  it("refuses missing, future and sunset versions", () => {
    expect(versionProblem(undefined, now)?.code).toBe("VERSION_MISSING");
    expect(versionProblem("202612", now)?.status).toBe(400);
    expect(versionProblem("202410", now)?.status).toBe(426);
    expect(versionProblem("2026-01", now)?.status).toBe(400);
  });
});

describe("YouTube video metadata", () => {
  const ok = { snippet: { title: "Pasta", description: "d", tags: ["a"] }, status: { privacyStatus: "public" } };
  it("requires a snippet with a title of at most 100 characters", () => {
    expect(metadataProblem(ok)).toBeNull();
    expect(metadataProblem({})?.[0]).toBe("invalidSnippet");
    expect(metadataProblem({ snippet: { title: " " } })?.[0]).toBe("invalidTitle");
    expect(metadataProblem({ snippet: { title: "x".repeat(101) } })?.[0]).toBe("invalidTitle");
    expect(metadataProblem({ snippet: { title: "x".repeat(100) } })).toBeNull();
    expect(metadataProblem({ snippet: { title: "a <b>" } })?.[0]).toBe("invalidTitle");
  });
  it("limits the description to 5000 bytes and checks the privacy status", () => {
    expect(metadataProblem({ snippet: { title: "t", description: "é".repeat(2501) } })?.[0]).toBe("invalidDescription");
    expect(metadataProblem({ ...ok, status: { privacyStatus: "friends" } })?.[0]).toBe("invalidPrivacyStatus");
  });
});
