import { PLATFORM_META } from "~/components/platforms/platform-options";
import type { EditLock } from "../../../workers/delivery/index";
import type { Platform } from "../../../workers/platform-profile";

/** What the editor says about the lock before anyone types (issue 42, ADR 075), and whether the post's own text,
 * hashtags, mentions, title and media are frozen (a channel in flight or live shows them). Pure. */
export interface LockNotice {
  text: string;
  frozen: boolean;
  /** Channels whose own version can no longer change. */
  lockedPlatforms: Platform[];
}

const names = (platforms: readonly string[]) => {
  const all = [...new Set(platforms)].map((p) => PLATFORM_META[p]?.name ?? p);
  return all.length <= 1 ? (all[0] ?? "") : `${all.slice(0, -1).join(", ")} and ${all.at(-1)}`;
};
const FROZEN = "its text, hashtags, mentions, title and media can no longer change";

export function lockNotice(lock: EditLock, live: readonly Platform[], time: (ms: number) => string): LockNotice | null {
  if (lock.state === "publishing") {
    const still = lock.waiting.length
      ? ` You can still change the time, accounts and versions of ${names(lock.waiting)}.`
      : "";
    return {
      text: `This post is being published right now on ${names(lock.busy)}, so ${FROZEN}.${still}`,
      frozen: true,
      lockedPlatforms: [...lock.busy, ...live],
    };
  }
  if (live.length) {
    const next =
      lock.state === "open" && lock.locksAt !== null ? ` Its other channels lock at ${time(lock.locksAt)}.` : "";
    return {
      text: `Already published on ${names(live)}, so ${FROZEN}.${next}`,
      frozen: true,
      lockedPlatforms: [...live],
    };
  }
  if (lock.state === "closing")
    return {
      text: `This post goes out at ${time(lock.publishesAt)} and may lock for publishing any moment now: save your changes right away.`,
      frozen: false,
      lockedPlatforms: [],
    };
  if (lock.locksAt === null || lock.publishesAt === null) return null;
  return {
    text: `This post locks for publishing at ${time(lock.locksAt)}, shortly before it goes out at ${time(lock.publishesAt)}. Save your changes before then.`,
    frozen: false,
    lockedPlatforms: [],
  };
}
