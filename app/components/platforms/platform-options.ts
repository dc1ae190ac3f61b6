import { accountName, type NamedAccount } from "~/lib/account-name";
import { PLATFORM_BRANDS } from "../../../workers/platform-profile";

/** SPEC §2 Platform grid: the platform list, its order and selection rules, as pure functions. */

export interface PlatformOption {
  id: string;
  name: string;
  color: string;
  connected: boolean;
  /** The connected account as the UI names it (accountName). */
  accountLabel?: string | null;
}

/** Brand name and colour per platform; keyed by string so the UI can look up any platform it is handed. */
export const PLATFORM_META: Record<string, { name: string; color: string }> = Object.fromEntries(
  Object.entries(PLATFORM_BRANDS).map(([id, { brand, color }]) => [id, { name: brand, color }]),
);

const FIRST = ["instagram", "facebook", "twitter"];

/** Instagram, Facebook, X first; the rest alphabetically by name. */
export function orderPlatforms<T extends { id: string; name: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => {
    const ia = FIRST.indexOf(a.id);
    const ib = FIRST.indexOf(b.id);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
    return a.name.localeCompare(b.name);
  });
}

/** The options for every known platform, marking those the user has an account on. */
export function platformOptions(accounts: NamedAccount[]): PlatformOption[] {
  return orderPlatforms(
    Object.entries(PLATFORM_META).map(([id, meta]) => {
      const account = accounts.find((a) => a.platform === id);
      return { id, ...meta, connected: !!account, accountLabel: account ? accountName(account) : null };
    }),
  );
}

/** Single-select toggles (picking the selected one clears it); multi-select toggles each; unconnected never select. */
export function toggleSelection(selected: string[], option: PlatformOption, mode: "single" | "multi"): string[] {
  if (!option.connected) return selected;
  const has = selected.includes(option.id);
  if (mode === "single") return has ? [] : [option.id];
  return has ? selected.filter((s) => s !== option.id) : [...selected, option.id];
}
