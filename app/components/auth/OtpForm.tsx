import { useId, useState } from "react";
import { FormError } from "~/components/ui/FormError";
import { inputClass, labelClass, linkButton, primaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { otpDigits } from "~/lib/otp";
import { loadAuthChecks, loadedAuthChecks, preloadAuthChecks } from "./auth-checks";
import { BackToLogin } from "./BackToLogin";

export function OtpForm({
  email,
  onVerified,
  onBack,
}: {
  email: string;
  onVerified: (resetToken: string) => void;
  onBack: () => void;
}) {
  const id = useId();
  const [otp, setOtp] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checks = loadedAuthChecks() ?? (await loadAuthChecks());
    if (!checks) return;
    const { firstError, verifyOtpSchema } = checks;
    const invalid = firstError(verifyOtpSchema.safeParse({ email, otp }));
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const res = await api<{ resetToken: string }>("/api/auth/verify-otp", { json: { email, otp } });
    setBusy(false);
    if (!res.ok) {
      notify.error(res.message || "Invalid OTP. Please try again.");
      return;
    }
    notify.success("OTP verified successfully!");
    onVerified(res.data.resetToken);
  }

  async function resend() {
    const res = await api("/api/auth/send-otp", { json: { email } });
    if (res.ok) notify.success("OTP resent to your email!");
    else notify.error(res.message || "Failed to resend OTP. Please try again.");
  }

  return (
    <form onSubmit={submit} onFocus={preloadAuthChecks} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        We sent a 6-digit code to <span className="font-medium text-slate-900">{email}</span>.
      </p>
      <div>
        <label htmlFor={id} className={labelClass}>
          Verification Code
        </label>
        <input
          id={id}
          className={`${inputClass} text-center font-mono text-lg tracking-[0.5em]`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(e) => setOtp(otpDigits(e.target.value))}
        />
      </div>
      <FormError message={error} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy ? "Verifying..." : "Verify OTP"}
      </button>
      <div className="flex items-center justify-between">
        <BackToLogin onBack={onBack} />
        <button type="button" className={linkButton} onClick={resend}>
          Resend OTP
        </button>
      </div>
    </form>
  );
}
