import { z } from "zod";
import {
  changePasswordSchema,
  forgotSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  timezoneSchema,
  verifyOtpSchema,
  verifyPasswordSchema,
} from "../auth";
import { eventSchema } from "../events";
import { describeRoute } from "../http/route-registry";

/**
 * The routes that landed before the registry, documented with the schemas their handlers parse with.
 * New routers call describeRoute beside their handlers instead (see analytics/routes.ts).
 */
const UserData = z.object({
  user: z.object({ id: z.string(), email: z.string(), displayName: z.string(), timezone: z.string() }),
});
const AuthData = UserData.extend({ token: z.string() });

describeRoute({
  method: "get",
  path: "/health",
  tag: "System",
  summary: "Liveness",
  auth: false,
  data: z.object({ status: z.string(), time: z.string() }),
});
describeRoute({
  method: "post",
  path: "/api/auth/register",
  tag: "Auth",
  summary: "Create an account",
  auth: false,
  body: registerSchema,
  data: AuthData,
  status: 201,
});
describeRoute({
  method: "post",
  path: "/api/auth/login",
  tag: "Auth",
  summary: "Sign in",
  auth: false,
  body: loginSchema,
  data: AuthData,
});
describeRoute({ method: "post", path: "/api/auth/logout", tag: "Auth", summary: "Sign out this session" });
describeRoute({ method: "get", path: "/api/auth/me", tag: "Auth", summary: "The signed-in user", data: UserData });
describeRoute({
  method: "post",
  path: "/api/auth/send-otp",
  tag: "Auth",
  summary: "Mail a password-reset code",
  auth: false,
  body: forgotSchema,
});
describeRoute({
  method: "post",
  path: "/api/auth/verify-otp",
  tag: "Auth",
  summary: "Check a reset code",
  auth: false,
  body: verifyOtpSchema,
  data: z.object({ resetToken: z.string(), expiresAt: z.string() }),
});
describeRoute({
  method: "post",
  path: "/api/auth/update-password",
  tag: "Auth",
  summary: "Set a new password after a verified code",
  auth: false,
  body: resetPasswordSchema,
});
describeRoute({ method: "get", path: "/api/users/profile", tag: "Users", summary: "Profile with connected platforms" });
describeRoute({
  method: "post",
  path: "/api/users/verify-password",
  tag: "Users",
  summary: "Check the current password",
  body: verifyPasswordSchema,
});
describeRoute({
  method: "put",
  path: "/api/users/update-password",
  tag: "Users",
  summary: "Change the password",
  body: changePasswordSchema,
  data: z.object({ otherSessionsRevoked: z.number() }),
});
describeRoute({
  method: "put",
  path: "/api/users/timezone",
  tag: "Users",
  summary: "Set the IANA timezone",
  body: timezoneSchema,
  data: z.object({ timezone: z.string() }),
});
describeRoute({ method: "get", path: "/api/users/connected-accounts", tag: "Users", summary: "Connected accounts" });
describeRoute({ method: "get", path: "/api/users/sessions", tag: "Users", summary: "Active sessions" });
describeRoute({
  method: "post",
  path: "/api/feedback",
  tag: "Feedback",
  summary: "Send feedback (multipart: type, message, satisfied, email, attachment)",
  status: 201,
});
describeRoute({
  method: "post",
  path: "/api/events",
  tag: "Events",
  summary: "Record a page view or product event",
  auth: false,
  body: eventSchema,
  status: 201,
});
describeRoute({
  method: "post",
  path: "/api/billing/notify",
  tag: "Billing",
  summary: "Be notified when billing is available",
});
