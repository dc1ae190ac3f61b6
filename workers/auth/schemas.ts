import { z } from "zod/mini";
import { validTimeZone } from "../tenancy/time-zone";

/**
 * The auth forms' rules, shared by the browser (checked before any request) and the API.
 * SPEC §5 lists the checks in order and the user sees only the first that fails, so each
 * schema runs its checks in that order and reports one message.
 *
 * Written with `zod/mini` (same core, same parsing as `zod`, a fifth of the size in the browser): these
 * checks are on the sign-in page, whose first-load JavaScript is budgeted. The API parses with them too.
 */
export const AuthMessages = {
  required: "Please fill in all required fields",
  email: "Please enter a valid email address",
  passwordLength: "Password must be at least 6 characters long",
  name: "Please enter your name",
  passwordsMatch: "Passwords do not match",
  terms: "Please accept the terms and conditions",
  forgotEmail: "Please enter your email address",
  otp: "Please enter a valid OTP",
  bothPasswords: "Please fill in both password fields",
  verifyOtpFirst: "Please verify OTP first",
  emailMissing: "Email is missing. Please start over.",
  currentPassword: "Please enter your current password",
  newPasswordLength: "New password must be at least 6 characters long",
  newPasswordsMatch: "New passwords do not match",
  currentIncorrect: "Current password is incorrect",
  passwordVerified: "Password verified! You can now set a new password.",
  passwordUpdated: "Password updated successfully",
} as const;

export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 256;

const text = (max = 320) => z._default(z.string().check(z.maxLength(max)), "");
const isEmail = (v: string) => /^[^\s@]+@[^\s@]+$/.test(v.trim());

/** Builds a schema whose checks run in order and stop at the first failure. */
function ordered<T extends z.core.$ZodLooseShape>(
  shape: T,
  checks: Array<(v: z.output<z.ZodMiniObject<T>>) => string | null>,
) {
  return z.object(shape).check(
    z.superRefine((value, ctx) => {
      for (const check of checks) {
        const message = check(value);
        if (message) {
          ctx.addIssue({ code: "custom", message });
          return;
        }
      }
    }),
  );
}

const credentialChecks = [
  (v: { email: string; password: string }) => (!v.email.trim() || !v.password ? AuthMessages.required : null),
  (v: { email: string }) => (isEmail(v.email) ? null : AuthMessages.email),
  (v: { password: string }) => (v.password.length < MIN_PASSWORD ? AuthMessages.passwordLength : null),
];

export const loginSchema = ordered({ email: text(), password: text(MAX_PASSWORD) }, credentialChecks);

export const registerSchema = ordered(
  {
    email: text(),
    password: text(MAX_PASSWORD),
    displayName: text(100),
    timezone: z.optional(z.string().check(z.maxLength(64))),
  },
  [(v) => (!v.displayName.trim() ? AuthMessages.name : null), ...credentialChecks],
);

/** The sign-up form adds two checks that never reach the server. */
export const signUpFormSchema = ordered(
  {
    email: text(),
    password: text(MAX_PASSWORD),
    displayName: text(100),
    confirmPassword: text(MAX_PASSWORD),
    acceptedTerms: z._default(z.boolean(), false),
  },
  [
    (v) => (!v.displayName.trim() ? AuthMessages.name : null),
    ...credentialChecks,
    (v) => (v.password !== v.confirmPassword ? AuthMessages.passwordsMatch : null),
    (v) => (!v.acceptedTerms ? AuthMessages.terms : null),
  ],
);

export const forgotSchema = ordered({ email: text() }, [
  (v) => (!v.email.trim() ? AuthMessages.forgotEmail : null),
  (v) => (isEmail(v.email) ? null : AuthMessages.email),
]);

export const verifyOtpSchema = ordered({ email: text(), otp: text(16) }, [
  (v) => (!v.email.trim() ? AuthMessages.emailMissing : null),
  (v) => (/^\d{4,6}$/.test(v.otp.trim()) ? null : AuthMessages.otp),
]);

export const resetFormSchema = ordered({ newPassword: text(MAX_PASSWORD), confirmPassword: text(MAX_PASSWORD) }, [
  (v) => (!v.newPassword || !v.confirmPassword ? AuthMessages.bothPasswords : null),
  (v) => (v.newPassword.length < MIN_PASSWORD ? AuthMessages.passwordLength : null),
  (v) => (v.newPassword !== v.confirmPassword ? AuthMessages.passwordsMatch : null),
]);

export const resetPasswordSchema = ordered(
  { email: text(), newPassword: text(MAX_PASSWORD), resetToken: z.optional(z.string().check(z.maxLength(200))) },
  [
    (v) => (!v.email.trim() ? AuthMessages.emailMissing : null),
    (v) => (!v.newPassword ? AuthMessages.bothPasswords : null),
    (v) => (v.newPassword.length < MIN_PASSWORD ? AuthMessages.passwordLength : null),
  ],
);

export const verifyPasswordSchema = ordered({ currentPassword: text(MAX_PASSWORD) }, [
  (v) => (!v.currentPassword ? AuthMessages.currentPassword : null),
]);

export const changePasswordSchema = ordered({ currentPassword: text(MAX_PASSWORD), newPassword: text(MAX_PASSWORD) }, [
  (v) => (!v.currentPassword ? AuthMessages.currentPassword : null),
  (v) => (!v.newPassword ? AuthMessages.bothPasswords : null),
  (v) => (v.newPassword.length < MIN_PASSWORD ? AuthMessages.newPasswordLength : null),
]);

/** The Settings form checks the confirmation too before it calls the API. */
export const changePasswordFormSchema = ordered(
  { newPassword: text(MAX_PASSWORD), confirmPassword: text(MAX_PASSWORD) },
  [
    (v) => (!v.newPassword || !v.confirmPassword ? AuthMessages.bothPasswords : null),
    (v) => (v.newPassword.length < MIN_PASSWORD ? AuthMessages.newPasswordLength : null),
    (v) => (v.newPassword !== v.confirmPassword ? AuthMessages.newPasswordsMatch : null),
  ],
);

export const timezoneSchema = z.object({
  timezone: z.string().check(z.refine((tz) => validTimeZone(tz) !== null, "Please choose a valid timezone")),
});

/** Returns the first message of a failed parse, for forms that show one error at a time. */
export function firstError(result: {
  success: boolean;
  error?: { issues: Array<{ message: string }> };
}): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? "Please check your input and try again.");
}
