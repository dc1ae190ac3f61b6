import { clockShiftMs, shiftWallClock } from "./wall-clock";

shiftWallClock(clockShiftMs(process.env.TEST_CLOCK_SHIFT_DAYS));
