/**
 * Dates for tests that must hold on any day (ADR 051): built from the suite's clock, never written as literals
 * that one day fall into the past.
 */

/** Next calendar year on the suite's clock: every day of it is ahead of now and inside the 2-year horizon. */
export const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** `YYYY-MM-DD` of a day of NEXT_YEAR (month 1-12; days past the month's end roll over, as Date.UTC does). */
export function nextYearDay(month: number, day: number): string {
  return new Date(Date.UTC(NEXT_YEAR, month - 1, day)).toISOString().slice(0, 10);
}

/** The last Sunday of a month of NEXT_YEAR as `YYYY-MM-DD`: the EU changes its clocks on March's and October's. */
export function lastSundayOf(month: number): string {
  const last = new Date(Date.UTC(NEXT_YEAR, month, 0));
  return nextYearDay(month, last.getUTCDate() - last.getUTCDay());
}

/** `YYYY-MM-DD` moved by whole days. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
