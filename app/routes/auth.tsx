import { Tabs } from "radix-ui";
import { useState } from "react";
import { redirect, type ShouldRevalidateFunction, useActionData, useSearchParams } from "react-router";
import { AuthNavForm } from "~/components/auth/AuthNav";
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
import { type AuthReply, authAction } from "./auth.server";

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

export function action({ request, context }: Route.ActionArgs) {
  return authAction(request, context.get(appContext));
}

/** A form answered through a fetcher needs no reload of this page: it toasts and moves on by itself. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

type Mode = "auth" | "forgot" | "otp" | "reset";

/**
 * Where the page starts. With JavaScript the steps move in place; without it each step is a page: `?tab=` and
 * `?mode=forgot` from a link, the next step of the reset flow from the form just posted.
 */
function startingPoint(params: URLSearchParams, posted: AuthReply | undefined) {
  const email = posted?.ok && "email" in posted ? (posted.email ?? "") : "";
  const next: Record<string, Mode> = { forgot: "otp", resend: "otp", verify: "reset" };
  const failed: Record<string, Mode> = { forgot: "forgot", resend: "otp", verify: "otp", reset: "reset" };
  const mode: Mode = posted
    ? ((posted.ok ? next[posted.intent] : failed[posted.intent]) ?? "auth")
    : params.get("mode") === "forgot"
      ? "forgot"
      : "auth";
  return {
    mode,
    tab: params.get("tab") === "signup" || posted?.intent === "signup" ? "signup" : "signin",
    email,
    resetToken: posted?.ok && "resetToken" in posted ? (posted.resetToken ?? null) : null,
  };
}

const HEADINGS: Record<Exclude<Mode, "auth">, string> = {
  forgot: "Forgot Password",
  otp: "Verify OTP",
  reset: "Reset Password",
};

const tabClass =
  "flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-surface data-[state=active]:text-slate-900 data-[state=active]:shadow-sm";

export default function AuthPage() {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const posted = useActionData<typeof action>() as AuthReply | undefined;
  const [start] = useState(() => startingPoint(params, posted));
  const [mode, setMode] = useState<Mode>(start.mode);
  const [tab, setTab] = useState(start.tab);
  const [email, setEmail] = useState(start.email);
  const [resetToken, setResetToken] = useState<string | null>(start.resetToken);
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
        <div className="rounded-xl bg-surface p-6 shadow-lg">
          <AuthNavForm redirectTo={redirectTo} />
          {posted?.ok && <PostedNotice message={posted.message} />}
          {mode === "auth" ? (
            <Tabs.Root value={tab} onValueChange={setTab} key={formKey}>
              <h1 className="sr-only">{tab === "signin" ? "Sign In" : "Sign Up"}</h1>
              <Tabs.List aria-label="Sign in or sign up" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
                <TabLink value="signin" redirectTo={redirectTo}>
                  Sign In
                </TabLink>
                <TabLink value="signup" redirectTo={redirectTo}>
                  Sign Up
                </TabLink>
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

/** A tab that is also a link (`?tab=signup`), so it switches without JavaScript too. */
function TabLink({ value, redirectTo, children }: { value: string; redirectTo: string; children: string }) {
  const query = new URLSearchParams(value === "signup" ? { tab: value } : {});
  if (redirectTo !== "/dashboard") query.set("redirectTo", redirectTo);
  const href = `/auth${query.size ? `?${query}` : ""}`;
  return (
    <Tabs.Trigger value={value} className={tabClass} asChild>
      <a href={href} onClick={(e) => e.preventDefault()}>
        {children}
      </a>
    </Tabs.Trigger>
  );
}

/** The success message of a form posted without JavaScript (with it, a toast says the same). */
function PostedNotice({ message }: { message: string }) {
  return (
    <p role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
      {message}
    </p>
  );
}
