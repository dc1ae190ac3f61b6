/** SPEC §2 Analytics: thousands as K and millions as M with one decimal; smaller numbers as they are. */
export function formatCompact(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1_000_000) return `${trim((n / 1_000_000).toFixed(1))}M`;
  if (abs >= 1_000) {
    const k = (n / 1_000).toFixed(1);
    // 999,950 rounds to "1000.0K": show it as the next unit.
    return Math.abs(Number(k)) >= 1000 ? `${trim((n / 1_000_000).toFixed(1))}M` : `${trim(k)}K`;
  }
  return String(Math.round(n * 10) / 10);
}

const trim = (s: string) => s.replace(/\.0$/, "");

/** A percentage with at most two decimals. */
export function formatPercent(n: number): string {
  return `${Math.round(n * 100) / 100}%`;
}

/** Cuts text to `max` characters, ending with an ellipsis when it was longer (SPEC: top post 150). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Intl's date formatter for `options` in `timeZone` (omitted: the host's), made once for the life of the page or
 * isolate: making one costs about ten times what formatting with it does, and a render formats dozens of dates.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const key = locale + JSON.stringify(options) + timeZone;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return made;
}

/**
 * An instant shown in the user's timezone, e.g. "Jan 5, 2026, 9:00 AM". Assembled from Intl's parts, so the
 * server and the browser render the same text whatever spacing their ICU versions put before AM/PM.
 */
export function formatDateTime(iso: string, timezone: string): string {
  const parts = dateFormat(
    "en-US",
    { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true },
    timezone,
  ).formatToParts(new Date(iso));
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** A time of day in the user's timezone as the app's dates show it, e.g. "2:05 PM" (from parts, as formatDateTime). */
export function formatTime(at: string | number, timezone: string): string {
  const parts = dateFormat("en-US", { hour: "numeric", minute: "2-digit", hour12: true }, timezone).formatToParts(
    new Date(at),
  );
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** A time of day in the user's timezone on the 24-hour clock, e.g. "14:05". */
export function formatTime24(iso: string, timezone: string): string {
  return dateFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, timezone).format(new Date(iso));
}

/** A day shown in the user's timezone, e.g. "Jan 5, 2026". */
export function formatDate(iso: string, timezone: string): string {
  return dateFormat("en-US", { month: "short", day: "numeric", year: "numeric" }, timezone).format(new Date(iso));
}

/** "1 post", "2 posts": a count with its noun in the right number (English; the plural adds "s" unless given). */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? noun : plural}`;
}
