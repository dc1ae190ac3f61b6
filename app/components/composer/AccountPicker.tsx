import { PLATFORM_META } from "~/components/platforms/platform-options";
import { accountName } from "~/lib/account-name";
import type { Platform } from "../../../workers/platform-profile";
import type { AccountView } from "../posts/types";

/** Checkboxes of the connected accounts of each selected platform. */
export function AccountPicker({
  platforms,
  accounts,
  selected,
  onChange,
}: {
  platforms: Platform[];
  accounts: AccountView[];
  selected: Partial<Record<Platform, string[]>>;
  onChange: (platform: Platform, ids: string[]) => void;
}) {
  if (platforms.length === 0) return null;
  return (
    <div className="space-y-3">
      {platforms.map((platform) => {
        const own = accounts.filter((a) => a.platform === platform && a.connected);
        const chosen = selected[platform] ?? [];
        return (
          <fieldset key={platform} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium">{PLATFORM_META[platform]?.name} accounts</legend>
            {own.length === 0 ? (
              <p className="text-sm text-slate-500">No connected {PLATFORM_META[platform]?.name} account.</p>
            ) : null}
            {own.map((a) => (
              <label key={a.id} className="mr-4 inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.includes(a.id)}
                  onChange={(e) =>
                    onChange(platform, e.target.checked ? [...chosen, a.id] : chosen.filter((id) => id !== a.id))
                  }
                />
                {accountName(a)}
              </label>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
