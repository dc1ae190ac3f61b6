import { describe, expect, it } from "vitest";
import { currentZoneName, searchZones, timeZoneOptions, zoneLabel } from "./time-zones";

describe("time zone options", () => {
  it("lists UTC first and the runtime's zones under their current IANA names", () => {
    const options = timeZoneOptions(
      ["Europe/Kiev", "Asia/Calcutta", "Europe/Berlin", "America/New_York"],
      "Europe/Berlin",
    );
    expect(options).toEqual(["UTC", "America/New_York", "Asia/Kolkata", "Europe/Berlin", "Europe/Kyiv"]);
  });

  it("keeps the user's own zone even when the runtime does not list it, under its current name", () => {
    expect(timeZoneOptions(["Europe/Berlin"], "Asia/Saigon")).toEqual(["UTC", "Asia/Ho_Chi_Minh", "Europe/Berlin"]);
    expect(timeZoneOptions(["Europe/Berlin"], "UTC")).toEqual(["UTC", "Europe/Berlin"]);
  });

  it("has no old name left in this runtime's list", () => {
    const options = timeZoneOptions(Intl.supportedValuesOf("timeZone"), "UTC");
    for (const old of ["Asia/Calcutta", "Europe/Kiev", "Asia/Saigon", "America/Godthab"])
      expect(options).not.toContain(old);
    expect(options).toEqual(expect.arrayContaining(["UTC", "Asia/Kolkata", "Europe/Kyiv"]));
    // Every name shown is one Intl accepts.
    for (const zone of options) expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
  });

  it("maps only renamed zones", () => {
    expect(currentZoneName("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(currentZoneName("Europe/Paris")).toBe("Europe/Paris");
  });

  it("finds zones by any words of their name", () => {
    const zones = ["UTC", "America/New_York", "America/Argentina/Buenos_Aires", "Europe/Kyiv"];
    expect(searchZones(zones, "new york")).toEqual(["America/New_York"]);
    expect(searchZones(zones, "KYIV")).toEqual(["Europe/Kyiv"]);
    expect(searchZones(zones, "america aires")).toEqual(["America/Argentina/Buenos_Aires"]);
    expect(searchZones(zones, "  ")).toEqual(zones);
    expect(zoneLabel("America/New_York")).toBe("America/New York");
  });
});
