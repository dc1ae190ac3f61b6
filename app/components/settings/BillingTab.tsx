import { FormError } from "~/components/ui/FormError";
import { Bell, Mail, Sparkles } from "~/components/ui/icons";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { useFormAction } from "~/lib/use-form-action";
import type { Notify } from "./NotificationBanner";

/** Settings → Billing: paid plans are not offered yet; "Get Updates" posts to the page's action (no JavaScript needed). */
export function BillingTab({ notify }: { notify: Notify }) {
  const updates = useFormAction("billing-notify", { announce: notify });

  return (
    <section aria-labelledby="billing-heading" className="space-y-4">
      <div>
        <h2 id="billing-heading" className="text-lg font-semibold">
          Billing & Subscription
        </h2>
        <p className="text-sm text-slate-500">Plans and invoices for your workspace.</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-surface p-8 text-center">
        <Sparkles className="mx-auto size-10 text-brand-500" aria-hidden />
        <h3 className="mt-4 text-xl font-semibold">Coming Soon</h3>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-500">
          Paid plans are on their way. Postline is free while we build them; ask us to let you know when billing opens.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href="mailto:sales@postline.app" className={secondaryButton}>
            <Mail className="size-4" aria-hidden /> Contact Sales
          </a>
          <form {...updates.form}>
            <input type="hidden" name="intent" value="billing-notify" />
            <button type="submit" className={primaryButton} disabled={updates.busy}>
              <Bell className="size-4" aria-hidden /> Get Updates
            </button>
            <FormError message={updates.error} />
          </form>
        </div>
      </div>
    </section>
  );
}
