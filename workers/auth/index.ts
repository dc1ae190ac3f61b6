// The auth module's public surface: other modules import it only from here (ADR 079).
export { AuthFlows } from "./flows";
export { clientIp, originCheck, resolveAuth } from "./middleware";
export { RateLimitService } from "./rate-limit";
export { RateLimiter } from "./rate-limiter";
export { setTighterRateLimit } from "./rate-window";
export { authRoutes } from "./routes";
export {
  AuthMessages,
  changePasswordFormSchema,
  changePasswordSchema,
  forgotSchema,
  loginSchema,
  registerSchema,
  resetFormSchema,
  resetPasswordSchema,
  signUpFormSchema,
  timezoneSchema,
  verifyOtpSchema,
  verifyPasswordSchema,
} from "./schemas";
export type { AuthContext, PublicUser } from "./service";
export { AuthService } from "./service";
export { tokenFromRequest } from "./session-cookie";
export { UserSessions } from "./user-sessions";
export { userStandIns } from "./user-stand-ins";
