import { useState } from "react";
import { useNavigate } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { PasswordField } from "~/components/ui/PasswordField";
import { linkButton, primaryButton } from "~/components/ui/styles";
import { TextField } from "~/components/ui/TextField";
import { useFormAction } from "~/lib/use-form-action";
import { NavButton } from "./AuthNav";
import { loadAuthChecks, loadedAuthChecks, preloadAuthChecks } from "./auth-checks";

export function SignInForm({ redirectTo, onForgot }: { redirectTo: string; onForgot: () => void }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { form, busy, error } = useFormAction<{ redirectTo: string }>("signin", {
    check: async () => {
      const checks = loadedAuthChecks() ?? (await loadAuthChecks());
      return checks ? checks.firstError(checks.loginSchema.safeParse({ email, password })) : false;
    },
    onSuccess: (reply) => navigate(reply.redirectTo, { replace: true }),
  });

  return (
    <form {...form} onFocus={preloadAuthChecks} className="space-y-4">
      <input type="hidden" name="intent" value="signin" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <div className="flex justify-end">
        <NavButton mode="forgot" className={linkButton} onClick={onForgot}>
          Forgot Password?
        </NavButton>
      </div>
      <FormError message={error} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy ? "Signing In..." : "Sign In"}
      </button>
    </form>
  );
}
