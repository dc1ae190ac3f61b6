import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { PasswordField } from "~/components/ui/PasswordField";
import { linkButton, primaryButton } from "~/components/ui/styles";
import { TextField } from "~/components/ui/TextField";
import { onDemand } from "~/lib/on-demand";
import { useFormAction } from "~/lib/use-form-action";
import { loadAuthChecks, loadedAuthChecks, preloadAuthChecks } from "./auth-checks";

/** The browser's IANA timezone, sent at sign-up so schedules show in local time. */
function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The terms (and the dialog code) load when they are first opened, not with the sign-in page. */
const terms = onDemand(() => import("./TermsDialog").then((m) => m.TermsDialog));

export function SignUpForm({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const termsId = useId();
  const [form, setForm] = useState({
    displayName: "",
    email: "",
    password: "",
    confirmPassword: "",
    acceptedTerms: false,
  });
  const [termsOpen, setTermsOpen] = useState(false);
  const TermsDialog = terms.useOnDemand(termsOpen);
  const set =
    <K extends keyof typeof form>(key: K) =>
    (value: (typeof form)[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const submit = useFormAction<{ redirectTo: string }>("signup", {
    check: async (data) => {
      const checks = loadedAuthChecks() ?? (await loadAuthChecks());
      if (!checks) return false;
      data.set("timezone", browserTimezone() ?? "");
      return checks.firstError(checks.signUpFormSchema.safeParse(form));
    },
    onSuccess: (reply) => navigate(reply.redirectTo, { replace: true }),
  });

  return (
    <form {...submit.form} onFocus={preloadAuthChecks} className="space-y-4">
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField
        label="Full Name"
        name="displayName"
        autoComplete="name"
        value={form.displayName}
        onChange={set("displayName")}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set("email")}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set("password")}
      />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set("confirmPassword")}
      />
      <div className="flex items-start gap-2 text-sm">
        <input
          id={termsId}
          name="acceptedTerms"
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
          checked={form.acceptedTerms}
          onChange={(e) => set("acceptedTerms")(e.target.checked)}
        />
        <label htmlFor={termsId} className="text-slate-700">
          I accept the{" "}
        </label>
        <button
          type="button"
          className={`${linkButton} -ml-1.5`}
          onPointerEnter={() => void terms.preload().catch(() => {})}
          onFocus={() => void terms.preload().catch(() => {})}
          onClick={() => setTermsOpen(true)}
        >
          Terms and Conditions
        </button>
      </div>
      <FormError message={submit.error} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={submit.busy}>
        {submit.busy ? "Creating Account..." : "Create Account"}
      </button>
      {TermsDialog && (
        <TermsDialog
          open={termsOpen}
          onOpenChange={setTermsOpen}
          onAccept={() => {
            set("acceptedTerms")(true);
            setTermsOpen(false);
          }}
        />
      )}
    </form>
  );
}
