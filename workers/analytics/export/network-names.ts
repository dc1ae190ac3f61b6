import { byPlatform, type Platform } from "../../platform-profile";

/** The names users know the networks by ("X", not the spec's "Twitter"): what a client reads in a report. */
export const PLATFORM_BRANDS = byPlatform((p) => p.brand);
export const platformName = (p: Platform) => PLATFORM_BRANDS[p] ?? p;
