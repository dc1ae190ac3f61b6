/** Cloudflare's own request body limit: nothing larger reaches a Worker, so no drain reads more (ADR 061). */
export const DRAIN_LIMIT = 100 * 1024 * 1024;

/**
 * Hands the app a request whose body the edge still holds, so an answer given without reading the body (a
 * refusal, a 404, a 413 on Content-Length) is sent only after the rest has been read and discarded: answering
 * mid-upload makes workerd drop the connection, and the client sees `500 Network connection lost` (ADR 061).
 *
 * The app reads through a pull-only stream (no buffering of its own); `drain()` reads whatever it left, also
 * when a middleware holds the app's stream locked, and stops at `limit` bytes.
 */
export function holdBody(request: Request, limit = DRAIN_LIMIT): { request: Request; drain: () => Promise<void> } {
  if (!request.body) return { request, drain: async () => {} };
  const source = request.body.getReader();
  let read = 0;
  let ended = false;
  const next = async () => {
    const chunk = await source.read();
    if (chunk.done) ended = true;
    else read += chunk.value.byteLength;
    return chunk;
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await next();
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      },
    },
    { highWaterMark: 0 },
  );
  const drain = async () => {
    try {
      while (!ended && read <= limit) await next();
      if (!ended) await source.cancel();
    } catch {
      // the client went away: nothing left to read
    }
  };
  return { request: new Request(request, { body }), drain };
}
