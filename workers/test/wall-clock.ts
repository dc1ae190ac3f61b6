/** The runtime's global scope, which keeps the real Date and the shift in force. */
const holder = globalThis as { Date: DateConstructor; realDate?: DateConstructor; wallClockShiftMs?: number };

/**
 * Moves this runtime's wall clock by `shiftMs`, so a suite runs as on another day (the suite must pass on any
 * date, ADR 051): `Date.now()` and `new Date()` read real time plus the shift; a date built from a value, and
 * timers, are untouched. libfaketime cannot do it here: workerd hangs at start under its preload.
 */
export function shiftWallClock(shiftMs: number): void {
  holder.wallClockShiftMs = shiftMs;
  // No shift is the real Date itself (put back if an earlier shift replaced it).
  if (!shiftMs) {
    if (holder.realDate) holder.Date = holder.realDate;
    return;
  }
  const Real = (holder.realDate ??= holder.Date);
  const now = () => Real.now() + shiftMs;
  // A function, not a subclass: its prototype stays Date.prototype, which libraries read at load (@date-fns/tz
  // copies Date.prototype's methods), and subclasses built on it still get instances of their own class.
  function ShiftedDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new Real(now()).toString();
    return Reflect.construct(Real, args.length ? args : [now()], new.target);
  }
  ShiftedDate.prototype = Real.prototype;
  Object.setPrototypeOf(ShiftedDate, Real);
  ShiftedDate.now = now;
  holder.Date = ShiftedDate as unknown as DateConstructor;
}

/**
 * Runs `fn` with the wall clock `aheadMs` further on than it is (the Worker's and the emulator's with it: they share
 * the isolate), then puts the run's own shift back: time passing for the app and the platforms alike.
 */
export async function withWallClockAhead<T>(aheadMs: number, fn: () => Promise<T>): Promise<T> {
  const base = holder.wallClockShiftMs ?? 0;
  shiftWallClock(base + aheadMs);
  try {
    return await fn();
  } finally {
    shiftWallClock(base);
  }
}

/**
 * Runs `fn` with the wall clock moved on to the next `msOfDay` after a UTC midnight (the Worker's and the emulator's
 * with it), then puts the run's shift back: a test whose answer turns on the time of day (a slot it fills, a day it
 * names) runs hours away from the boundaries it knows of, instead of crossing one between two requests.
 */
export function withWallClockAt<T>(msOfDay: number, fn: () => Promise<T>): Promise<T> {
  const day = 86_400_000;
  return withWallClockAhead((((msOfDay - Date.now()) % day) + day) % day, fn);
}

/** The shift a run asks for: TEST_CLOCK_SHIFT_DAYS days (negative: back). */
export function clockShiftMs(days: string | undefined): number {
  const n = Number(days ?? 0);
  if (!Number.isFinite(n)) throw new Error(`TEST_CLOCK_SHIFT_DAYS must be a number of days, not ${days}`);
  return n * 86_400_000;
}
