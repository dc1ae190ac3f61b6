import { PLATFORM_META } from "~/components/platforms/platform-options";
import { accountName } from "~/lib/account-name";
import type { Problem } from "../../../workers/posts/index";
import type { AccountView } from "../posts/types";

/**
 * Pre-flight problems grouped by channel (platform, and account when it is about one), and a check that could not
 * be made said as such while it is tried again. The status line keeps its height when empty: it came and went with
 * every keystroke's check, and in a composer scrolled to its end that moved the fields above it under the pointer.
 */
export function PreflightPanel({
  problems,
  accounts,
  checking,
  failed,
}: {
  problems: Problem[];
  accounts: AccountView[];
  checking: boolean;
  failed: string | null;
}) {
  const status = (
    <p className="min-h-5 text-sm text-slate-500" aria-live="polite">
      {failed
        ? `Could not check the channels (${failed.replace(/\.$/, "")}); trying again…`
        : checking
          ? "Checking channels…"
          : null}
    </p>
  );
  const channels = [...new Set(problems.map((p) => `${p.platform}:${p.accountId ?? ""}`))];
  return (
    <>
      {status}
      {channels.length === 0 ? null : (
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
                    ...new Set(
                      problems.filter((p) => `${p.platform}:${p.accountId ?? ""}` === key).map((p) => p.message),
                    ),
                  ].join(" · ")}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
