import { localDayBounds } from "../../../workers/posts/public";

export { DELIVERY_LOG } from "./delivery-log";

/**
 * A key's expiry from the form's date: the end of that day (23:59:59) in the user's timezone, the zone Settings
 * shows times in. A value that is not a date goes on as typed, for the key schema to refuse with its message.
 */
export function keyExpiry(day: string, timeZone: string): string {
  const bounds = localDayBounds(day, timeZone);
  return bounds ? new Date(bounds.end - 1000).toISOString() : day;
}
