import { describe, expect, it } from "vitest";
import { firstLoadGroups, notLoadedBy } from "./first-load-chunks.ts";

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

describe("a module a third of the signed-in pages run", () => {
  // Five pages inside the layout: the header, the card and the styles are on three, the chart on one; the card
  // brings the dates along, which the public review page runs too; sign-in runs the styles.
  const graph: Record<string, string[]> = {
    ...GRAPH,
    auth: ["icon-base", "form", "styles"],
    dashboard: ["header", "chart", "card", "styles"],
    planner: ["header", "form", "card", "styles"],
    content: ["header", "card", "styles"],
    queue: [],
    import: [],
    card: ["dates"],
    review: ["dates"],
  };
  const { floor, shell } = firstLoadGroups(
    {
      client: "entry",
      root: "root",
      layout: "layout",
      signIn: "auth",
      outside: ["auth", "review"],
      pages: ["dashboard", "planner", "content", "queue", "import"],
    },
    (id) => graph[id] ?? [],
  );

  it("goes in the shell when a quarter of the pages run it and no page outside the layout does", () => {
    expect(shell.has("header")).toBe(true);
  });

  it("goes in the floor when half the pages and sign-in run it", () => {
    expect(floor.has("styles")).toBe(true);
    expect(shell.has("styles")).toBe(false);
  });

  it("stays out when it would bring along what its group does not hold", () => {
    expect(shell.has("card")).toBe(false);
    expect(shell.has("dates")).toBe(false);
  });

  it("stays out when fewer pages run it, and pages stay their own", () => {
    expect(shell.has("chart")).toBe(false);
    expect(floor.has("form")).toBe(false);
    expect(shell.has("dashboard")).toBe(false);
  });
});

describe("notLoadedBy", () => {
  it("leaves out of a lazy chunk's preload list what its importer loaded, directly or not", () => {
    const chunks = new Map([
      ["page.js", ["shared.js", "root.js"]],
      ["shared.js", ["root.js"]],
      ["dialog.js", ["shared.js", "radix.js"]],
    ]);
    expect(notLoadedBy("page.js", ["dialog.js", "shared.js", "radix.js", "root.js"], chunks)).toEqual([
      "dialog.js",
      "radix.js",
    ]);
  });
});
