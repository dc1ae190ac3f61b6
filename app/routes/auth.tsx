import { Tabs } from "radix-ui";
import { useState } from "react";
import { redirect, useSearchParams } from "react-router";
import { ForgotPasswordForm } from "~/components/auth/ForgotPasswordForm";
import { OtpForm } from "~/components/auth/OtpForm";
import { ResetPasswordForm } from "~/components/auth/ResetPasswordForm";
import { SignInForm } from "~/components/auth/SignInForm";
import { SignUpForm } from "~/components/auth/SignUpForm";
import { Logo } from "~/components/ui/Logo";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/redirect";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Sign In",
    description: "Sign in to Postline or create an account to plan and publish your social posts.",
  });

export function loader({ url, context }: Route.LoaderArgs) {
  const target = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.get(appContext).auth) throw redirect(target);
  return null;
}

type Mode = "auth" | "forgot" | "otp" | "reset";

const HEADINGS: Record<Exclude<Mode, "auth">, string> = {
  forgot: "Forgot Password",
  otp: "Verify OTP",
  reset: "Reset Password",
};

const tabClass =
  "flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm";

export default function AuthPage() {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const [mode, setMode] = useState<Mode>("auth");
  const [tab, setTab] = useState("signin");
  const [email, setEmail] = useState("");
  const [resetToken, setResetToken] = useState<string | null>(null);
  // Remounting the forms by key clears them when the user goes back to login.
  const [formKey, setFormKey] = useState(0);

  function backToLogin() {
    setMode("auth");
    setTab("signin");
    setEmail("");
    setResetToken(null);
    setFormKey((k) => k + 1);
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <Logo />
          <p className="text-sm text-slate-500">Aapke brands. Ek jagah.</p>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-lg">
          {mode === "auth" ? (
            <Tabs.Root value={tab} onValueChange={setTab} key={formKey}>
              <h1 className="sr-only">{tab === "signin" ? "Sign In" : "Sign Up"}</h1>
              <Tabs.List aria-label="Sign in or sign up" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
                <Tabs.Trigger value="signin" className={tabClass}>
                  Sign In
                </Tabs.Trigger>
                <Tabs.Trigger value="signup" className={tabClass}>
                  Sign Up
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="signin">
                <SignInForm redirectTo={redirectTo} onForgot={() => setMode("forgot")} />
              </Tabs.Content>
              <Tabs.Content value="signup">
                <SignUpForm redirectTo={redirectTo} />
              </Tabs.Content>
            </Tabs.Root>
          ) : (
            <>
              <h1 className="mb-4 text-xl font-semibold">{HEADINGS[mode]}</h1>
              {mode === "forgot" && (
                <ForgotPasswordForm
                  onSent={(sentTo) => {
                    setEmail(sentTo);
                    setMode("otp");
                  }}
                  onBack={backToLogin}
                />
              )}
              {mode === "otp" && (
                <OtpForm
                  email={email}
                  onVerified={(token) => {
                    setResetToken(token);
                    setMode("reset");
                  }}
                  onBack={backToLogin}
                />
              )}
              {mode === "reset" && (
                <ResetPasswordForm email={email} resetToken={resetToken} onDone={backToLogin} onRestart={backToLogin} />
              )}
            </>
          )}
        </div>
      </div>
    </main>
  );
}
