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
import { feedbackSchema } from "../feedback";
import { describeRoute, noData } from "../http/route-registry";
import { Accounts, Me, Profile, User } from "./answers";

const Sessions = z.object({
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.iso.datetime(),
      expiresAt: z.iso.datetime(),
      lastSeenAt: z.iso.datetime(),
      userAgent: z.string().nullable(),
      current: z.boolean(),
    }),
  ),
});

/**
 * The routes that landed before the registry, documented with the schemas their handlers parse with.
 * New routers call describeRoute beside their handlers instead (see analytics/routes.ts).
 */
const UserData = z.object({ user: User });
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
  // The email has an account already.
  errors: [409],
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
describeRoute({
  method: "post",
  path: "/api/auth/logout",
  tag: "Auth",
  summary: "Sign out this session",
  data: noData,
});
describeRoute({ method: "get", path: "/api/auth/me", tag: "Auth", summary: "The signed-in user", data: Me });
describeRoute({
  method: "post",
  path: "/api/auth/send-otp",
  tag: "Auth",
  summary: "Mail a password-reset code",
  auth: false,
  body: forgotSchema,
  data: noData,
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
  data: noData,
});
describeRoute({
  method: "get",
  path: "/api/users/profile",
  tag: "Users",
  summary: "Profile with connected platforms",
  data: Profile,
});
describeRoute({
  method: "post",
  path: "/api/users/verify-password",
  tag: "Users",
  summary: "Check the current password",
  body: verifyPasswordSchema,
  data: noData,
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
describeRoute({
  method: "get",
  path: "/api/users/connected-accounts",
  tag: "Users",
  summary: "Connected accounts",
  data: Accounts,
});
describeRoute({ method: "get", path: "/api/users/sessions", tag: "Users", summary: "Active sessions", data: Sessions });
describeRoute({
  method: "post",
  path: "/api/feedback",
  tag: "Feedback",
  summary: "Send feedback (multipart: type, message, satisfied, email, attachment)",
  form: z.object(feedbackSchema.shape).omit({ hasAttachment: true }).extend({ attachment: z.file().optional() }),
  errors: [415],
  status: 201,
  data: z.looseObject({ id: z.string() }),
});
describeRoute({
  method: "post",
  path: "/api/events",
  tag: "Events",
  summary: "Record a page view or product event",
  auth: false,
  body: eventSchema,
  status: 201,
  data: noData,
});
describeRoute({
  method: "post",
  path: "/api/billing/notify",
  tag: "Billing",
  summary: "Be notified when billing is available",
  data: noData,
});
