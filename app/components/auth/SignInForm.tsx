import { useState } from "react";
import { useNavigate } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { PasswordField } from "~/components/ui/PasswordField";
import { linkButton, primaryButton } from "~/components/ui/styles";
import { TextField } from "~/components/ui/TextField";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { type ShellUser, welcomeName } from "~/lib/user";
import { loadAuthChecks, loadedAuthChecks, preloadAuthChecks } from "./auth-checks";

export function SignInForm({ redirectTo, onForgot }: { redirectTo: string; onForgot: () => void }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checks = loadedAuthChecks() ?? (await loadAuthChecks());
    if (!checks) return;
    const { firstError, loginSchema } = checks;
    const invalid = firstError(loginSchema.safeParse({ email, password }));
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const res = await api<{ user: ShellUser }>("/api/auth/login", { json: { email, password } });
    setBusy(false);
    if (!res.ok) {
      notify.error(res.message || "Login failed");
      return;
    }
    notify.success(`Welcome back, ${welcomeName(res.data.user)}!`);
    navigate(redirectTo, { replace: true });
  }

  return (
    <form onSubmit={submit} onFocus={preloadAuthChecks} noValidate className="space-y-4">
      <TextField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
      <div className="flex justify-end">
        <button type="button" className={linkButton} onClick={onForgot}>
          Forgot Password?
        </button>
      </div>
      <FormError message={error} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy ? "Signing In..." : "Sign In"}
      </button>
    </form>
  );
}
