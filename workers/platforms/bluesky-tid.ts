/**
 * Record keys for Bluesky posts (ADR 060). app.bsky.feed.post records are keyed by a TID (atproto.com/specs/tid):
 * 64 bits (top bit 0, 53 bits of microseconds since the epoch, 10 bits of clock id) written as 13 characters of
 * base32-sortable. Postline derives each key from what it stored before the first call, the target's id and
 * creation time, so every retry of a publish writes to the same key and a second post cannot exist.
 */

const ALPHABET = "234567abcdefghijklmnopqrstuvwxyz";
const TID_SYNTAX = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;

/** The TID of `micros` (µs since the epoch) and a clock id 0–1023. */
export function tid(micros: number, clockId: number): string {
  let value = (BigInt(Math.floor(micros)) << 10n) | BigInt(clockId & 1023);
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = ALPHABET[Number(value & 31n)]! + out;
    value >>= 5n;
  }
  return out;
}

export function isTid(value: string): boolean {
  return TID_SYNTAX.test(value);
}

/** The microseconds a TID carries. */
export function tidMicros(value: string): number {
  let n = 0n;
  for (const ch of value) n = (n << 5n) | BigInt(ALPHABET.indexOf(ch));
  return Number(n >> 10n);
}

/** The 10-bit clock id a TID carries. */
export function tidClockId(value: string): number {
  return ALPHABET.indexOf(value.at(-1)!) | ((ALPHABET.indexOf(value.at(-2)!) & 31) << 5);
}

/** FNV-1a of `text`: a stable, well-spread 32-bit number. */
function hash32(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** The clock id a target's key carries: how a lookup tells Postline's post for this target from the rest. */
export function markerClockId(marker: string): number {
  return hash32(marker) & 1023;
}

/** A target's post: its creation time (ms) and its id's clock id. Same target, same key, on every attempt. */
export function postRecordKey(marker: string, createdAtMs: number): string {
  return tid(createdAtMs * 1000, markerClockId(marker));
}

/**
 * A reply's key (a thread's next part, the first comment), from its parent's key and its text: within a
 * second after the parent, so a resend of the same reply writes the same record. Two replies with the same
 * text under the same parent share a key; Postline never sends those (a part and its first comment differ).
 */
export function replyRecordKey(parentKey: string, text: string): string {
  const h = hash32(text);
  const parent = isTid(parentKey) ? tidMicros(parentKey) : hash32(parentKey) * 1000;
  return tid(parent + 1 + (h % 999_999), (h >>> 20) & 1023);
}
