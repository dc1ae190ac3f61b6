import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { firstLoadGroups, importIconsDirectly, lucideIconFiles } from "./first-load-chunks.ts";

// A small app: the entry hydrates; root and the layout share a helper; sign-in shares an icon with the layout.
const GRAPH: Record<string, string[]> = {
  entry: ["react-dom", "router"],
  root: ["router", "notify"],
  layout: ["sidebar", "notify", "icon-base"],
  sidebar: ["icon-calendar", "nav"],
  "icon-calendar": ["icon-base"],
  auth: ["icon-base", "form"],
};
const imports = (id: string) => GRAPH[id] ?? [];

describe("firstLoadGroups", () => {
  const { floor, shell } = firstLoadGroups(
    { client: "entry", root: "root", layout: "layout", signIn: "auth", outside: ["auth"] },
    imports,
  );

  it("puts what every page runs, and what sign-in and the layout share, in the floor; the entry's own code stays", () => {
    expect([...floor].sort()).toEqual(["icon-base", "notify", "react-dom", "root", "router"]);
  });

  it("puts in the shell what only pages inside the layout run", () => {
    expect([...shell].sort()).toEqual(["icon-calendar", "layout", "nav", "sidebar"]);
  });
});

describe("importIconsDirectly", () => {
  const icons = lucideIconFiles(readFileSync("node_modules/lucide-react/dist/esm/lucide-react.mjs", "utf8"));

  it("imports each icon from its own module, aliases included, and keeps what is not an icon", () => {
    const code = 'import { Bell, CheckCircle2 as Done, createLucideIcon } from "lucide-react";\nuse(Bell, Done);';
    expect(importIconsDirectly(code, icons)).toBe(
      [
        'import { createLucideIcon } from "lucide-react";',
        'import Bell from "lucide-react/icons/bell";',
        'import Done from "lucide-react/icons/circle-check";',
        "use(Bell, Done);",
      ].join("\n"),
    );
  });

  it("leaves a module without icon imports alone", () => {
    expect(importIconsDirectly('import { createLucideIcon } from "lucide-react";', icons)).toBeNull();
  });
});
