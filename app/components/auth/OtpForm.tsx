import { useId, useState } from "react";
import { FormError } from "~/components/ui/FormError";
import { inputClass, labelClass, linkButton, primaryButton } from "~/components/ui/styles";
import { otpDigits } from "~/lib/otp";
import { useFormAction } from "~/lib/use-form-action";
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
  const verify = useFormAction<{ resetToken: string }>("verify", {
    check: async () => {
      const checks = loadedAuthChecks() ?? (await loadAuthChecks());
      return checks ? checks.firstError(checks.verifyOtpSchema.safeParse({ email, otp })) : false;
    },
    onSuccess: (reply) => onVerified(reply.resetToken),
  });
  const resend = useFormAction("resend");

  return (
    <>
      <form {...verify.form} onFocus={preloadAuthChecks} className="space-y-4">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="email" value={email} />
        <p className="text-sm text-slate-600">
          We sent a 6-digit code to <span className="font-medium text-slate-900">{email}</span>.
        </p>
        <div>
          <label htmlFor={id} className={labelClass}>
            Verification Code
          </label>
          <input
            id={id}
            name="otp"
            className={`${inputClass} text-center font-mono text-lg tracking-[0.5em]`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={otp}
            onChange={(e) => setOtp(otpDigits(e.target.value))}
          />
        </div>
        <FormError message={verify.error ?? resend.error} />
        <button type="submit" className={`${primaryButton} w-full`} disabled={verify.busy}>
          {verify.busy ? "Verifying..." : "Verify OTP"}
        </button>
      </form>
      <form {...resend.form} className="mt-4 flex items-center justify-between">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <BackToLogin onBack={onBack} />
        <button type="submit" className={linkButton} disabled={resend.busy}>
          Resend OTP
        </button>
      </form>
    </>
  );
}
