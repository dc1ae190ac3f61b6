import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { rewriteReactChunks } from "./react-string-chunks.ts";

const require = createRequire(import.meta.url);
const rendererPath = join(
  dirname(require.resolve("react-dom/package.json")),
  "cjs/react-dom-server.edge.production.js",
);
const shipped = readFileSync(rendererPath, "utf8");

type Renderer = typeof import("react-dom/server.edge");

// The production renderer needs React's production build, whatever NODE_ENV the tests run with.
const fromRenderer = createRequire(rendererPath);
const react: typeof import("react") = fromRenderer(
  join(dirname(fromRenderer.resolve("react")), "cjs/react.production.js"),
);
const { createElement: h, Suspense, use } = react;

/** React's edge renderer evaluated from `source`, resolving its imports as the installed one does (React in production). */
function load(source: string): Renderer {
  const module = { exports: {} as Renderer };
  const requireFor = (id: string) => (id === "react" ? react : fromRenderer(id));
  new Function("module", "exports", "require", source)(module, module.exports, requireFor);
  return module.exports;
}

const asShipped = load(shipped);
const rewritten = load(rewriteReactChunks(shipped));

async function render(renderer: Renderer, tree: React.ReactNode) {
  const stream = await renderer.renderToReadableStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  await stream.allReady;
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

// A page's worth of what React writes: attributes, escaped text, more than one script of UTF-8 beyond ASCII
// (accents, CJK, an emoji's surrogate pair), an SVG, a Suspense boundary that waits, and more than 4 KB in all.
const later = Promise.resolve("loaded — 完了 ✅");
function Waits() {
  return h("p", { className: "late" }, use(later));
}
const page = h(
  "html",
  null,
  h("head", null, h("title", null, "Crème brûlée & <tags>")),
  h(
    "body",
    null,
    h("svg", { viewBox: "0 0 24 24", strokeWidth: 2 }, h("path", { d: "M5 12h14" })),
    Array.from({ length: 300 }, (_, i) =>
      h("li", { key: i, "data-n": i, title: `“${i}” 🧁` }, `Post ${i}: café, naïve, 投稿 ${"x".repeat(i % 7)}`),
    ),
    h(Suspense, { fallback: h("p", null, "…") }, h(Waits)),
  ),
);

describe("rewriteReactChunks", () => {
  it("renders the same bytes as React as shipped, one encoding per flush", async () => {
    const [expected, actual] = await Promise.all([render(asShipped, page), render(rewritten, page)]);
    expect(expected.length).toBeGreaterThan(4096);
    expect(actual.toString("utf8")).toContain("loaded — 完了 ✅");
    expect(actual.equals(expected)).toBe(true);
  });

  it("refuses a renderer it does not recognise instead of half rewriting it", () => {
    const changed = shipped.replace("function stringToChunk(content) {", "function stringToChunk(text) {");
    expect(() => rewriteReactChunks(changed)).toThrow(
      /React's renderer changed; expected once: "function stringToChunk/,
    );
  });
});
