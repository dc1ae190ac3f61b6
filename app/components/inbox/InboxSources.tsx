import { PLATFORM_META } from "~/components/platforms/platform-options";

interface SourceLine {
  label: string;
  state: "ok" | "failing" | "waiting" | "unavailable";
  reason: string | null;
}

interface AccountSources {
  accountId: string;
  platform: string;
  username: string;
  sources: SourceLine[];
}

/**
 * Why some of the inbox is not coming in (ADR 101): each account's source that the network refused, with its
 * words, and the networks whose API has nothing to read. Hidden while every source reads fine.
 */
export function InboxSources({ accounts }: { accounts: AccountSources[] }) {
  const lines = accounts.flatMap((a) =>
    a.sources
      .filter((s) => s.state === "failing" || s.state === "unavailable")
      .map((s) => ({ key: `${a.accountId}:${s.label}`, account: a, source: s })),
  );
  if (lines.length === 0) return null;
  return (
    <section aria-label="Sources not read" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2">
      <h2 className="text-sm font-medium text-amber-900">Not everything is coming in</h2>
      <ul className="mt-1 space-y-1 text-sm text-amber-900">
        {lines.map(({ key, account, source }) => (
          <li key={key}>
            <span className="font-medium">
              {PLATFORM_META[account.platform]?.name ?? account.platform} · {account.username}
            </span>
            {source.state === "unavailable" ? ": " : ` · ${source.label}: `}
            {source.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
