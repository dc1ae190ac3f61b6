import { describe, expect, it } from "vitest";
import { byteChunks, readAll } from "./byte-chunks";

function streamOf(...parts: number[][]) {
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(new Uint8Array(p));
      c.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>, size: number) {
  const out: number[][] = [];
  for await (const chunk of byteChunks(stream, size)) out.push([...chunk]);
  return out;
}

describe("byteChunks", () => {
  it("re-cuts uneven reads into fixed-size chunks with a short tail", async () => {
    expect(await collect(streamOf([1, 2], [3, 4, 5, 6, 7], [8]), 3)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
  });

  it("yields nothing for an empty stream and no empty tail on exact multiples", async () => {
    expect(await collect(streamOf(), 4)).toEqual([]);
    expect(await collect(streamOf([1, 2, 3, 4]), 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it("reads a whole stream", async () => {
    expect([...(await readAll(streamOf([1], [2, 3])))]).toEqual([1, 2, 3]);
  });
});
