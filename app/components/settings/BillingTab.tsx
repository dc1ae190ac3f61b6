import { Bell, Mail, Sparkles } from "lucide-react";
import { useState } from "react";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import type { Notify } from "./NotificationBanner";

export function BillingTab({ notify }: { notify: Notify }) {
  const [busy, setBusy] = useState(false);

  async function getUpdates() {
    setBusy(true);
    const res = await api("/api/billing/notify", { json: {} });
    setBusy(false);
    notify(res.ok ? "success" : "error", res.message);
  }

  return (
    <section aria-labelledby="billing-heading" className="space-y-4">
      <div>
        <h2 id="billing-heading" className="text-lg font-semibold">
          Billing & Subscription
        </h2>
        <p className="text-sm text-slate-500">Plans and invoices for your workspace.</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-8 text-center">
        <Sparkles className="mx-auto size-10 text-brand-500" aria-hidden />
        <h3 className="mt-4 text-xl font-semibold">Coming Soon</h3>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-500">
          Paid plans are on their way. Postline is free while we build them; ask us to let you know when billing opens.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href="mailto:sales@postline.app" className={secondaryButton}>
            <Mail className="size-4" aria-hidden /> Contact Sales
          </a>
          <button type="button" className={primaryButton} onClick={getUpdates} disabled={busy}>
            <Bell className="size-4" aria-hidden /> Get Updates
          </button>
        </div>
      </div>
    </section>
  );
}
