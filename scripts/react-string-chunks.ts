import type { Plugin } from "vite";

/**
 * React's streaming renderer for Workers (`react-dom/server`, edge build) encodes every string it writes with its
 * own `TextEncoder.encode` call, and copies each result into a 4 KB buffer: a page of a few hundred elements makes
 * thousands of those calls across the JavaScript/native boundary (ADR 119). This keeps the chunks as strings, joins
 * them in JavaScript and encodes each flush once, as React's own string-building server (`renderToString`) does.
 * What the stream carries is the same text; only where its byte chunks split differs.
 *
 * Each rewrite must match React's source exactly once: a React upgrade that changes them fails the build here, to
 * be looked at again, rather than shipping a renderer half rewritten.
 */
const REWRITES: readonly Rewrite[] = [
  // Strings stay strings; React's precomputed chunks (tags, attribute names) are strings too.
  {
    from: "function stringToChunk(content) {\n  return textEncoder.encode(content);\n}",
    to: "function stringToChunk(content) {\n  return content;\n}",
  },
  {
    from: "function stringToPrecomputedChunk(content) {\n  return textEncoder.encode(content);\n}",
    to: "function stringToPrecomputedChunk(content) {\n  return content;\n}",
  },
  // Sizes only steer whether a Suspense boundary is sent apart ("outlined"), which this app turns off; a string's
  // length is React's own measure in its string-building server.
  {
    from: "function byteLengthOfChunk(chunk) {\n  return chunk.byteLength;\n}",
    to: "function byteLengthOfChunk(chunk) {\n  return chunk.length;\n}",
  },
  { from: "segmentByteSize += segment[i].byteLength;", to: "segmentByteSize += byteLengthOfChunk(segment[i]);" },
  // Writing appends to the flush's text (React's byte buffer goes unused); the flush's end encodes it once.
  {
    from: "function writeChunk(destination, chunk) {\n",
    until: "function writeChunkAndReturn(",
    to: 'var pendingText = "";\nfunction writeChunk(destination, chunk) {\n  pendingText += chunk;\n}\n',
  },
  {
    from: "function completeWriting(destination) {\n",
    until: "var textEncoder = new TextEncoder();",
    to: 'function completeWriting(destination) {\n  pendingText && (destination.enqueue(textEncoder.encode(pendingText)), (pendingText = ""));\n}\n',
  },
];

/** Replaces `from` (through to `until` when given, which stays) with `to`. */
interface Rewrite {
  from: string;
  until?: string;
  to: string;
}

const once = (source: string, text: string, after = 0) => {
  const at = source.indexOf(text, after);
  if (at < 0 || source.indexOf(text, at + 1) >= 0)
    throw new Error(`react-string-chunks: React's renderer changed; expected once: ${JSON.stringify(text)}`);
  return at;
};

/** React's edge renderer with `REWRITES` applied; throws naming the first rewrite that does not match once. */
export function rewriteReactChunks(source: string): string {
  let out = source;
  for (const { from, until, to } of REWRITES) {
    const start = once(out, from);
    const end = until === undefined ? start + from.length : once(out, until, start);
    out = out.slice(0, start) + to + out.slice(end);
  }
  return out;
}

/** The renderer the Worker's build resolves `react-dom/server` to (production only: development serves as is). */
export const REACT_EDGE_RENDERER = /react-dom\/cjs\/react-dom-server\.edge\.production\.js$/;

/** Applies `rewriteReactChunks` to the Worker's build (the `ssr` environment); the browser never loads it. */
export function reactStringChunks(): Plugin {
  return {
    name: "postline:react-string-chunks",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!REACT_EDGE_RENDERER.test(id)) return null;
      return { code: rewriteReactChunks(code), map: null };
    },
  };
}
