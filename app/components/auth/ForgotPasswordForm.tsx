import { useState } from "react";
import { FormError } from "~/components/ui/FormError";
import { primaryButton } from "~/components/ui/styles";
import { TextField } from "~/components/ui/TextField";
import { useFormAction } from "~/lib/use-form-action";
import { loadAuthChecks, loadedAuthChecks, preloadAuthChecks } from "./auth-checks";
import { BackToLogin } from "./BackToLogin";

export function ForgotPasswordForm({ onSent, onBack }: { onSent: (email: string) => void; onBack: () => void }) {
  const [email, setEmail] = useState("");
  const { form, busy, error } = useFormAction<{ email: string }>("forgot", {
    check: async () => {
      const checks = loadedAuthChecks() ?? (await loadAuthChecks());
      return checks ? checks.firstError(checks.forgotSchema.safeParse({ email })) : false;
    },
    onSuccess: (reply) => onSent(reply.email),
  });

  return (
    <form {...form} onFocus={preloadAuthChecks} className="space-y-4">
      <input type="hidden" name="intent" value="forgot" />
      <p className="text-sm text-slate-600">
        Enter your account's email address and we'll send you a code to reset your password.
      </p>
      <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <FormError message={error} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy ? "Sending..." : "Send OTP"}
      </button>
      <BackToLogin onBack={onBack} />
    </form>
  );
}
