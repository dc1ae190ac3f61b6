import { PLATFORM_META } from "~/components/platforms/platform-options";
import { accountName } from "~/lib/account-name";
import type { Problem } from "../../../workers/posts/index";
import type { AccountView } from "../posts/types";

/** Pre-flight problems grouped by channel (platform, and account when it is about one). */
export function PreflightPanel({
  problems,
  accounts,
  checking,
}: {
  problems: Problem[];
  accounts: AccountView[];
  checking: boolean;
}) {
  if (problems.length === 0)
    return (
      <p className="text-sm text-slate-500" aria-live="polite">
        {checking ? "Checking channels…" : null}
      </p>
    );
  const channels = [...new Set(problems.map((p) => `${p.platform}:${p.accountId ?? ""}`))];
  return (
    <section aria-label="Channel checks" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <h3 className="font-medium text-amber-900">Before this can be published</h3>
      <ul className="mt-1 space-y-1">
        {channels.map((key) => {
          const [platform, accountId] = key.split(":") as [string, string];
          const account = accounts.find((a) => a.id === accountId);
          return (
            <li key={key}>
              <span className="font-medium">
                {PLATFORM_META[platform]?.name ?? platform}
                {account ? ` ${accountName(account)}` : ""}:
              </span>{" "}
              {[
                ...new Set(problems.filter((p) => `${p.platform}:${p.accountId ?? ""}` === key).map((p) => p.message)),
              ].join(" · ")}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
