/**
 * JSON.parse, except that an integer too large for a JS number keeps its digits as a string. TikTok sends its post
 * ids as int64 JSON numbers of 19 digits (publicaly_available_post_id), past 2^53: plain JSON.parse rounds one to
 * another post's id, so its permalink and its analytics would name a video that is not the user's.
 */
export function parseJsonExact(text: string): unknown {
  // Fast path: nothing of 16 digits or more, so every integer in it is exact.
  return JSON.parse(/\d{16}/.test(text) ? quoteUnsafeIntegers(text) : text);
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";

/** The text with each integer literal outside strings that a JS number cannot hold written as a JSON string. */
function quoteUnsafeIntegers(text: string): string {
  let out = "";
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "-" || isDigit(ch)) {
      let end = i + 1;
      while (isDigit(text[end])) end++;
      const next = text[end];
      const literal = text.slice(i, end);
      if (next !== "." && next !== "e" && next !== "E" && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(from, i)}"${literal}"`;
        from = end;
      }
      i = end - 1;
    }
  }
  return out + text.slice(from);
}
