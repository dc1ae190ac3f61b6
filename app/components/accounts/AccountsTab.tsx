import { Share2 } from "lucide-react";
import { EmptyState } from "~/components/ui/EmptyState";

/** Placeholder until connecting social accounts lands (the platform work replaces this file). */
export function AccountsTab() {
  return (
    <section aria-labelledby="accounts-heading" className="space-y-4">
      <div>
        <h2 id="accounts-heading" className="text-lg font-semibold">
          Social Accounts
        </h2>
        <p className="text-sm text-slate-500">Manage your connected social media accounts</p>
      </div>
      <EmptyState icon={Share2} title="No accounts connected">
        Connect your social media accounts to start posting. Connecting accounts is not available yet.
      </EmptyState>
    </section>
  );
}
