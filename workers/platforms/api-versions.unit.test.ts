import { describe, expect, it } from "vitest";
import { defaultVersion, versionedApi, versionReport, versionWindow } from "./api-versions";

const linkedin = versionedApi("LINKEDIN_VERSION");
const graph = versionedApi("META_GRAPH_VERSION");
const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

describe("version windows", () => {
  it("a LinkedIn version is served from its month until the 15th a year later, and only a past month's is surely out", () => {
    expect(versionWindow(linkedin, "202601", at("2026-02-01"))).toEqual({
      version: "202601",
      released: Date.UTC(2026, 0, 1),
      end: Date.parse("2027-01-15T23:59:59.999Z"),
    });
    expect(versionWindow(linkedin, "202601", at("2026-01-20"))).toBeNull();
    expect(versionWindow(linkedin, "202613", at("2027-06-01"))).toBeNull();
    expect(versionWindow(linkedin, "2026-01", at("2027-06-01"))).toBeNull();
  });
  it("a Graph version has the dates Meta lists; the newest has no end yet", () => {
    expect(versionWindow(graph, "v25.0", at("2026-12-02"))?.end).toBe(Date.parse("2028-07-29T23:59:59.999Z"));
    expect(versionWindow(graph, "v26.0", at("2026-12-02"))?.end).toBeNull();
    expect(versionWindow(graph, "v25.0", at("2026-01-01"))).toBeNull();
    expect(versionWindow(graph, "v99.0", at("2026-12-02"))).toBeNull();
  });
});

describe("the default version", () => {
  it("is the tested one while it has more than 60 days left", () => {
    expect(defaultVersion(graph, at("2026-12-02"))).toBe("v25.0");
    expect(defaultVersion(graph, at("2028-05-29"))).toBe("v25.0");
    expect(defaultVersion(linkedin, at("2027-09-15"))).toBe("202611");
  });
  it("moves to the newest released version near the tested one's end, after it, and before it was released", () => {
    expect(defaultVersion(graph, at("2028-06-01"))).toBe("v26.0");
    expect(defaultVersion(linkedin, at("2027-09-17"))).toBe("202708");
    expect(defaultVersion(linkedin, at("2027-12-01"))).toBe("202711");
    expect(defaultVersion(linkedin, at("2025-12-01"))).toBe("202511");
    expect(defaultVersion(graph, at("2025-12-01"))).toBe("v24.0");
  });
  it("is always inside its window, on every day from the oldest listed release to 2030", () => {
    for (let day = at("2025-02-01"); day < at("2030-01-01"); day += 86_400_000)
      for (const api of [linkedin, graph]) {
        const w = versionWindow(api, defaultVersion(api, day), day);
        expect(w, `${api.setting} on ${new Date(day).toISOString()}`).not.toBeNull();
        expect(w!.end === null || w!.end > day).toBe(true);
      }
  });
});

describe("the version report", () => {
  it("inside the window: ok, with its end date", () => {
    expect(versionReport(linkedin, "202611", at("2027-06-01"))).toMatchObject({
      version: "202611",
      source: "setting",
      servedUntil: "2027-11-15",
      state: "ok",
      message: "LinkedIn-Version 202611 is served until 2027-11-15.",
    });
    expect(versionReport(graph, undefined, at("2026-12-02"))).toMatchObject({
      version: "v25.0",
      source: "default",
      state: "ok",
    });
  });
  it("in the last 60 days: a warning that names the day and the fix", () => {
    expect(versionReport(linkedin, "202611", at("2027-10-01"))).toMatchObject({
      state: "warning",
      daysLeft: 45,
      message: "LinkedIn-Version 202611 stops being served on 2027-11-15 (in 45 days).",
      fix: "Set LINKEDIN_VERSION to a newer version, or remove it to use Postline's default (202709).",
    });
    expect(versionReport(linkedin, "202611", at("2027-09-17")).state).toBe("warning");
    expect(versionReport(linkedin, "202611", at("2027-09-15")).state).toBe("ok");
  });
  it("after the end, or a version never released: an error", () => {
    expect(versionReport(linkedin, "202611", at("2027-11-16"))).toMatchObject({
      state: "error",
      message:
        "LinkedIn-Version 202611 stopped being served on 2027-11-15: LinkedIn calls fail or are answered by another version.",
    });
    expect(versionReport(graph, "v99.0", at("2026-12-02"))).toMatchObject({
      state: "error",
      message:
        "META_GRAPH_VERSION is v99.0, which is not a released Graph API version: every Facebook and Instagram call fails.",
    });
  });
  it("a default that moved past the tested version warns that this release needs a newer one", () => {
    expect(versionReport(linkedin, undefined, at("2027-12-01"))).toMatchObject({
      version: "202711",
      source: "default",
      state: "warning",
      message:
        "LinkedIn-Version 202611, the version this release of Postline was tested with, is at or near its end; calls use 202711 (served until 2028-11-15).",
    });
  });
});
