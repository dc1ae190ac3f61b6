import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { PasswordField } from "~/components/ui/PasswordField";
import { linkButton, primaryButton } from "~/components/ui/styles";
import { TextField } from "~/components/ui/TextField";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { onDemand } from "~/lib/on-demand";
import { type ShellUser, welcomeName } from "~/lib/user";
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof typeof form>(key: K) =>
    (value: (typeof form)[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checks = loadedAuthChecks() ?? (await loadAuthChecks());
    if (!checks) return;
    const { firstError, signUpFormSchema } = checks;
    const invalid = firstError(signUpFormSchema.safeParse(form));
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const { displayName, email, password } = form;
    const res = await api<{ user: ShellUser }>("/api/auth/register", {
      json: { displayName, email, password, timezone: browserTimezone() },
    });
    setBusy(false);
    if (!res.ok) {
      notify.error(res.message || "Registration failed");
      return;
    }
    notify.success(`Welcome to Postline, ${welcomeName(res.data.user)}!`);
    navigate(redirectTo, { replace: true });
  }

  return (
    <form onSubmit={submit} onFocus={preloadAuthChecks} noValidate className="space-y-4">
      <TextField label="Full Name" autoComplete="name" value={form.displayName} onChange={set("displayName")} />
      <TextField label="Email" type="email" autoComplete="email" value={form.email} onChange={set("email")} />
      <PasswordField label="Password" autoComplete="new-password" value={form.password} onChange={set("password")} />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set("confirmPassword")}
      />
      <div className="flex items-start gap-2 text-sm">
        <input
          id={termsId}
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
      <FormError message={error} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy ? "Creating Account..." : "Create Account"}
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
