import { PLATFORM_PROFILES } from "./profiles";
import { PLATFORMS, type Platform, type PlatformProfile } from "./types";

/** One fact for every platform, e.g. `byPlatform((p) => p.characterLimit)`. */
export function byPlatform<T>(pick: (profile: PlatformProfile) => T): Record<Platform, T> {
  return Object.fromEntries(PLATFORMS.map((platform) => [platform, pick(PLATFORM_PROFILES[platform])])) as Record<
    Platform,
    T
  >;
}
