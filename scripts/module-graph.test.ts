import { describe, expect, it } from "vitest";
import { cycleEdges, moduleEdges, moduleOf } from "./module-graph.ts";

describe("the module graph", () => {
  it("a folder under workers/ is a module, and so is a top-level file", () => {
    expect(moduleOf("workers/posts/commands/create.ts")).toBe("posts");
    expect(moduleOf("workers/services.ts")).toBe("services");
    expect(moduleOf("app/routes/home.tsx")).toBeNull();
  });

  it("edges leave out tests, type-only imports and a module's imports of itself", () => {
    const edges = moduleEdges({
      modules: [
        { source: "workers/posts/store.ts", dependencies: [{ resolved: "workers/media/library.ts" }] },
        { source: "workers/posts/a.ts", dependencies: [{ resolved: "workers/posts/b.ts" }] },
        {
          source: "workers/media/library.ts",
          dependencies: [{ resolved: "workers/posts/store.ts", dependencyTypes: ["local", "type-only"] }],
        },
        { source: "workers/media/x.test.ts", dependencies: [{ resolved: "workers/posts/store.ts" }] },
      ],
    });
    expect([...edges]).toEqual([["posts -> media", ["workers/posts/store.ts -> workers/media/library.ts"]]]);
  });

  it("only edges inside a cycle are cycle edges, however long the cycle", () => {
    expect(cycleEdges(["a -> b", "b -> c", "c -> a", "c -> d", "d -> e"]).sort()).toEqual([
      "a -> b",
      "b -> c",
      "c -> a",
    ]);
    expect(cycleEdges(["kernel -> db", "posts -> kernel", "publishing -> posts"])).toEqual([]);
  });
});
