/**
 * Cuts a byte stream into chunks of exactly `size` bytes (the last may be shorter), holding at most
 * one chunk in memory: uploads of large videos go up part by part without buffering the whole file.
 */
export async function* byteChunks(
  stream: ReadableStream<Uint8Array>,
  size: number,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  if (size <= 0) throw new RangeError("chunk size must be positive");
  const reader = stream.getReader();
  let buffer = new Uint8Array(size);
  let filled = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let offset = 0;
      while (offset < value.length) {
        const take = Math.min(size - filled, value.length - offset);
        buffer.set(value.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === size) {
          yield buffer;
          buffer = new Uint8Array(size);
          filled = 0;
        }
      }
    }
    if (filled > 0) yield buffer.slice(0, filled);
  } finally {
    reader.releaseLock();
  }
}

/** Reads a whole (small) stream, for single-request uploads such as images. */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
