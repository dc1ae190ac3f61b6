import { useState } from "react";
import { FormError } from "~/components/ui/FormError";
import { PasswordField } from "~/components/ui/PasswordField";
import { primaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { loadAuthChecks, loadedAuthChecks, preloadAuthChecks } from "./auth-checks";
import { BackToLogin } from "./BackToLogin";

interface ResetPasswordFormProps {
  email: string;
  resetToken: string | null;
  onDone: () => void;
  onRestart: () => void;
}

export function ResetPasswordForm({ email, resetToken, onDone, onRestart }: ResetPasswordFormProps) {
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checks = loadedAuthChecks() ?? (await loadAuthChecks());
    if (!checks) return;
    const { AuthMessages, firstError, resetFormSchema } = checks;
    if (!email) {
      notify.error(AuthMessages.emailMissing);
      onRestart();
      return;
    }
    const invalid =
      firstError(resetFormSchema.safeParse({ newPassword, confirmPassword })) ??
      (resetToken ? null : AuthMessages.verifyOtpFirst);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const res = await api("/api/auth/update-password", { json: { email, newPassword, resetToken } });
    setBusy(false);
    if (!res.ok) {
      notify.error(res.message || "Failed to reset password. Please try again.");
      return;
    }
    notify.success("Password reset successfully!");
    onDone();
  }

  return (
    <form onSubmit={submit} onFocus={preloadAuthChecks} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">Choose a new password for {email}.</p>
      <PasswordField label="New Password" autoComplete="new-password" value={newPassword} onChange={setNewPassword} />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={setConfirmPassword}
      />
      <FormError message={error} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy ? "Resetting..." : "Reset Password"}
      </button>
      <BackToLogin onBack={onRestart} />
    </form>
  );
}
