/**
 * JSON.parse, except that an integer too large for a JS number keeps its digits as a string. TikTok sends its post
 * ids as int64 JSON numbers of 19 digits (publicaly_available_post_id), past 2^53: plain JSON.parse rounds one to
 * another post's id, so its permalink and its analytics would name a video that is not the user's. The reviver reads
 * each number's source text (JSON.parse source text access, in V8 since 11.4), so no JSON is scanned by hand.
 */
export function parseJsonExact(text: string): unknown {
  // Fast path: nothing of 16 digits or more, so every integer in it is exact and no reviver need run.
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  return JSON.parse(text, keepUnsafeIntegers as Parameters<typeof JSON.parse>[1]);
}

function keepUnsafeIntegers(_key: string, value: unknown, context?: { source?: string }): unknown {
  const source = context?.source;
  return typeof value === "number" && !Number.isSafeInteger(value) && source && /^-?\d+$/.test(source) ? source : value;
}
