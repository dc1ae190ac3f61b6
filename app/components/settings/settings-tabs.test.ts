import { describe, expect, it } from "vitest";
import { openTab, settingsView } from "./settings-tabs";

const names = (role: Parameters<typeof settingsView>[0]) => settingsView(role, null).tabs.map((t) => t.value);

describe("settings tabs by role", () => {
  it("shows Developer and Activity to owners and admins only", () => {
    expect(names("owner")).toEqual([
      "profile",
      "workspace",
      "accounts",
      "links",
      "api",
      "billing",
      "developer",
      "activity",
    ]);
    expect(names("admin")).toEqual(names("owner"));
    for (const role of ["editor", "contributor", "viewer"] as const)
      expect(names(role)).toEqual(["profile", "workspace", "accounts", "links", "api", "billing"]);
  });

  it("opens the tab the URL names, Profile when it names none or an unknown one", () => {
    expect(settingsView("viewer", "billing")).toMatchObject({ tab: "billing", refused: null });
    expect(settingsView("owner", "developer")).toMatchObject({ tab: "developer", refused: null });
    expect(settingsView("owner", null)).toMatchObject({ tab: "profile", refused: null });
    expect(settingsView("owner", "nonsense")).toMatchObject({ tab: "profile", refused: null });
    // The panel the browser fetches before hydrating is the same one.
    for (const requested of ["billing", "activity", null, "nonsense"])
      expect(openTab(requested)).toBe(settingsView("owner", requested).tab);
  });

  it("says why a role cannot open a tab the URL names", () => {
    expect(settingsView("editor", "developer")).toMatchObject({
      tab: "developer",
      refused: "Settings → Developer is for a workspace owner or admin; your role here is editor.",
    });
    expect(settingsView("viewer", "activity").refused).toBe(
      "Settings → Activity is for a workspace owner or admin; your role here is viewer.",
    );
  });
});
