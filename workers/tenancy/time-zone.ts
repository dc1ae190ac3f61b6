/**
 * An IANA time zone as the runtime's Intl knows it, in its canonical spelling; null for anything else
 * ("Not/AZone", "", "+02:00"). Pure: the sign-in page, the composer and the API share it.
 */
export function validTimeZone(tz: string | undefined | null): string | null {
  if (!tz) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
