import { useState } from "react";
import { FormError } from "~/components/ui/FormError";
import { PasswordField } from "~/components/ui/PasswordField";
import { primaryButton } from "~/components/ui/styles";
import { notify } from "~/lib/notify";
import { useFormAction } from "~/lib/use-form-action";
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
  const { form, busy, error } = useFormAction("reset", {
    check: async () => {
      const checks = loadedAuthChecks() ?? (await loadAuthChecks());
      if (!checks) return false;
      const { AuthMessages, firstError, resetFormSchema } = checks;
      if (!email) {
        notify.error(AuthMessages.emailMissing);
        onRestart();
        return false;
      }
      return (
        firstError(resetFormSchema.safeParse({ newPassword, confirmPassword })) ??
        (resetToken ? null : AuthMessages.verifyOtpFirst)
      );
    },
    onSuccess: onDone,
  });

  return (
    <form {...form} onFocus={preloadAuthChecks} className="space-y-4">
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="email" value={email} />
      {resetToken && <input type="hidden" name="resetToken" value={resetToken} />}
      <p className="text-sm text-slate-600">Choose a new password for {email}.</p>
      <PasswordField
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        value={newPassword}
        onChange={setNewPassword}
      />
      <PasswordField
        label="Confirm New Password"
        name="confirmPassword"
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
