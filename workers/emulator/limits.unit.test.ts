import { describe, expect, it } from "vitest";
import { metadataProblem } from "./google";
import {
  graphVersionServed,
  newestGraphVersion,
  newestLinkedInVersion,
  linkedinVersionProblem as versionProblem,
} from "./versions";
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
  it("accepts versions released in the last year and not yet sunset", () => {
    expect(versionProblem("202601", now)).toBeNull();
    expect(versionProblem("202512.01", now)).toBeNull();
  });
  it("refuses missing, future and sunset versions", () => {
    expect(versionProblem(undefined, now)?.code).toBe("VERSION_MISSING");
    expect(versionProblem("202612", now)?.status).toBe(400);
    expect(versionProblem("202410", now)?.status).toBe(426);
    expect(versionProblem("2026-01", now)?.status).toBe(400);
  });
});

describe("LinkedIn-Version windows", () => {
  it("serves a version from its month until the 15th of the same month a year later", () => {
    expect(versionProblem("202601", Date.UTC(2026, 0, 1))).toBeNull();
    expect(versionProblem("202601", Date.UTC(2025, 11, 31))?.status).toBe(400);
    expect(versionProblem("202601", Date.UTC(2027, 0, 15, 23))).toBeNull();
    expect(versionProblem("202601", Date.UTC(2027, 0, 16))).toMatchObject({ status: 426, code: "NONEXISTENT_VERSION" });
    expect(versionProblem("202613", Date.UTC(2026, 0, 1))?.message).toContain("not a valid version");
  });
  it("the newest version is last month's, and it is served", () => {
    const now = Date.UTC(2027, 0, 10);
    expect(newestLinkedInVersion(now)).toBe("202612");
    expect(versionProblem(newestLinkedInVersion(now), now)).toBeNull();
  });
});

describe("Graph API versions", () => {
  const dec2026 = Date.UTC(2026, 11, 2);
  it("serves a version from its release until its documented end", () => {
    expect(graphVersionServed("v25.0", dec2026)).toBe("v25.0");
    expect(graphVersionServed("v25.0", Date.UTC(2026, 1, 17))).toBeNull();
    expect(graphVersionServed("v99.0", dec2026)).toBeNull();
  });
  it("answers a retired version's calls with the oldest usable one, as Meta's versioning guide says", () => {
    expect(graphVersionServed("v22.0", Date.UTC(2027, 4, 20, 12))).toBe("v22.0");
    expect(graphVersionServed("v22.0", Date.UTC(2027, 4, 21))).toBe("v23.0");
    expect(graphVersionServed("v21.0", Date.UTC(2027, 9, 9))).toBe("v24.0");
    expect(graphVersionServed("v2.0", dec2026)).toBe("v21.0");
  });
  it("the newest usable version is the latest released", () => {
    expect(newestGraphVersion(dec2026)).toBe("v26.0");
    expect(newestGraphVersion(Date.UTC(2026, 0, 1))).toBe("v24.0");
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
