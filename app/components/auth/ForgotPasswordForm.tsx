import { useState } from "react";
import { FormError } from "~/components/ui/FormError";
import { primaryButton } from "~/components/ui/styles";
import { TextField } from "~/components/ui/TextField";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { loadAuthChecks, loadedAuthChecks, preloadAuthChecks } from "./auth-checks";
import { BackToLogin } from "./BackToLogin";

export function ForgotPasswordForm({ onSent, onBack }: { onSent: (email: string) => void; onBack: () => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checks = loadedAuthChecks() ?? (await loadAuthChecks());
    if (!checks) return;
    const { firstError, forgotSchema } = checks;
    const invalid = firstError(forgotSchema.safeParse({ email }));
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const res = await api("/api/auth/send-otp", { json: { email } });
    setBusy(false);
    if (!res.ok) {
      notify.error(res.message || "Failed to send OTP. Please try again.");
      return;
    }
    notify.success("OTP sent to your email!");
    onSent(email.trim());
  }

  return (
    <form onSubmit={submit} onFocus={preloadAuthChecks} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Enter your account's email address and we'll send you a code to reset your password.
      </p>
      <TextField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <FormError message={error} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy ? "Sending..." : "Send OTP"}
      </button>
      <BackToLogin onBack={onBack} />
    </form>
  );
}
