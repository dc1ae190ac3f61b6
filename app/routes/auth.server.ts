import { data, redirect } from "react-router";
import { fields, isEnhanced, runForm } from "~/lib/form-action.server";
import { safeRedirect } from "~/lib/redirect";
import type { FormReply } from "~/lib/use-form-action";
import { welcomeName } from "~/lib/user";
import { resetFormSchema, signUpFormSchema } from "../../workers/auth/index";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";

/** What the sign-in page's forms answer besides ok/message: where the reset flow stands. */
export type AuthReply = FormReply<{ email?: string; resetToken?: string }>;

const withCookies = (cookies: string[]) => ({ headers: cookies.map((c): [string, string] => ["Set-Cookie", c]) });

const reply = (intent: string, message: string, extra: object = {}, cookies: string[] = []) =>
  data({ ok: true as const, intent, message, ...extra }, withCookies(cookies));

/**
 * The sign-in page's forms, run by the same flows as /api/auth/* (rate limits, cookies, messages). A signed-in
 * form answers with data when it came through a fetcher (the page toasts, then navigates) and with a redirect
 * when it was a plain HTML post.
 */
export async function authAction(request: Request, { services, auth }: AppContext) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const input = fields(form);
  const flows = services.authFlows;
  const enhanced = isEnhanced(form);
  const signedIn = (message: string, cookies: string[]) => {
    const to = safeRedirect(input.redirectTo);
    return enhanced ? reply(intent, message, { redirectTo: to }, cookies) : redirect(to, withCookies(cookies));
  };

  return runForm(intent, async () => {
    switch (intent) {
      case "signin": {
        const session = await flows.login(input, request);
        return signedIn(`Welcome back, ${welcomeName(session.user)}!`, session.cookies);
      }
      case "signup": {
        // The confirmation and the terms are the form's own checks (the API has neither).
        parseOrThrow(signUpFormSchema, { ...input, acceptedTerms: input.acceptedTerms === "on" });
        const { displayName, email, password, timezone } = input;
        const session = await flows.register(
          { displayName, email, password, timezone: timezone || undefined },
          request,
        );
        return signedIn(`Welcome to Postline, ${welcomeName(session.user)}!`, session.cookies);
      }
      case "forgot":
      case "resend": {
        const { email } = await flows.sendOtp(input, request);
        return reply(intent, intent === "resend" ? "OTP resent to your email!" : "OTP sent to your email!", { email });
      }
      case "verify": {
        // The grant goes back in the page's reset form; the API's reset cookie is scoped to /api/auth.
        const grant = await flows.verifyOtp(input, request);
        return reply(intent, "OTP verified successfully!", { email: input.email, resetToken: grant.resetToken });
      }
      case "reset": {
        parseOrThrow(resetFormSchema, input);
        const { cookies } = await flows.resetPassword(input, undefined);
        return reply(intent, "Password reset successfully!", {}, cookies);
      }
      case "logout": {
        const { cookies } = await flows.logout(auth);
        return enhanced
          ? reply(intent, "Logged out successfully", {}, cookies)
          : redirect("/auth", withCookies(cookies));
      }
      default:
        return data<AuthReply>({ ok: false, intent, message: "Unknown form." }, { status: 400 });
    }
  });
}
