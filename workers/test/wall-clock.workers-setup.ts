import { env } from "cloudflare:test";
import { clockShiftMs, shiftWallClock } from "./wall-clock";

// The Worker under test, its Durable Objects and the emulator share this isolate, so all read the shifted clock.
shiftWallClock(clockShiftMs(env.TEST_CLOCK_SHIFT_DAYS));
