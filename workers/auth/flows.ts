import { Unauthenticated } from "../errors";
import { parseOrThrow } from "../http/validate";
import { clientIp } from "./middleware";
import type { RateLimitService } from "./rate-limit";
import { forgotSchema, loginSchema, registerSchema, resetPasswordSchema, verifyOtpSchema } from "./schemas";
import type { AuthContext, AuthService } from "./service";
import { expiredResetCookie, expiredSessionCookie, resetCookie, sessionCookie } from "./session-cookie";

/** Who is asking: the rate limits count per IP, sessions remember the user agent, cookies follow the scheme. */
function callerOf(request: Request) {
  return { ip: clientIp(request), userAgent: request.headers.get("User-Agent"), url: request.url };
}

const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;

/**
 * The sign-in family (register, login, logout, reset by code), rate limits and cookies included, shared by
 * the JSON API (/api/auth/*) and the sign-in page's form actions so both behave the same. Input is
 * unparsed: each flow parses it with the API's schema. `request` is the caller's (IP, user agent, scheme);
 * a flow returns the Set-Cookie values to send.
 */
export class AuthFlows {
  constructor(
    private readonly auth: AuthService,
    private readonly rateLimit: RateLimitService,
  ) {}

  async register(body: unknown, request: Request) {
    const caller = callerOf(request);
    const input = parseOrThrow(registerSchema, body);
    await this.rateLimit.enforce("register", [`ip:${caller.ip}`]);
    const session = await this.auth.register(input, caller.userAgent);
    return { ...session, cookies: [sessionCookie(session.token, caller.url)] };
  }

  async login(body: unknown, request: Request) {
    const caller = callerOf(request);
    const input = parseOrThrow(loginSchema, body);
    const email = input.email.trim().toLowerCase();
    await this.rateLimit.beforeLogin(caller.ip, email);
    const session = await this.auth.login(input, caller.userAgent).catch(async (err: unknown) => {
      if (err instanceof Unauthenticated) await this.rateLimit.loginFailed(caller.ip, email);
      throw err;
    });
    await this.rateLimit.loginSucceeded(email);
    return { ...session, cookies: [sessionCookie(session.token, caller.url)] };
  }

  async logout(auth: AuthContext | null) {
    if (auth) await this.auth.logout(auth);
    return { cookies: [expiredSessionCookie()] };
  }

  async sendOtp(body: unknown, request: Request) {
    const caller = callerOf(request);
    const { email } = parseOrThrow(forgotSchema, body);
    await this.rateLimit.enforce("sendOtp", [`ip:${caller.ip}`, emailKey(email)]);
    await this.auth.sendOtp(email);
    return { email: email.trim() };
  }

  async verifyOtp(body: unknown, request: Request) {
    const caller = callerOf(request);
    const { email, otp } = parseOrThrow(verifyOtpSchema, body);
    await this.rateLimit.enforce("verifyOtp", [`ip:${caller.ip}`, emailKey(email)]);
    const grant = await this.auth.verifyOtp(email, otp);
    return { ...grant, cookies: [resetCookie(grant.resetToken, caller.url)] };
  }

  /** `cookieToken` is the reset cookie the verify step set, for clients that do not send the token back. */
  async resetPassword(body: unknown, cookieToken: string | undefined) {
    const input = parseOrThrow(resetPasswordSchema, body);
    await this.auth.resetPassword(input.email, input.newPassword, input.resetToken ?? cookieToken);
    return { cookies: [expiredSessionCookie(), expiredResetCookie()] };
  }
}
