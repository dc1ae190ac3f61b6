import { PLATFORM_NAMES, type Platform } from "../../platform-profile";

/** A network as a report names it: the name the app shows everywhere ("X"); a value it does not know, as stored. */
export const platformName = (p: Platform) => PLATFORM_NAMES[p] ?? p;
