import { Hono } from "hono";
import type { AppEnv, SignedInEnv } from "../http/app-env";
import { HttpError, ok } from "../http/envelope";
import { readJson } from "../http/validate";
import { requirePermission } from "../workspaces/middleware";
import { clientIp } from "./middleware";
import { forgotSchema, loginSchema, registerSchema, resetPasswordSchema, verifyOtpSchema } from "./schemas";
import { clearSessionCookie, getCookie, setSessionCookie } from "./session-cookie";

const RESET_COOKIE = "postline_reset";

export const authRoutes = new Hono<AppEnv>()
  .post("/register", async (c) => {
    const input = await readJson(c, registerSchema);
    const { services } = c.var;
    await services.rateLimit.enforce("register", [`ip:${clientIp(c.req.raw)}`]);
    const session = await services.auth.register(input, c.req.header("User-Agent") ?? null);
    setSessionCookie(c, session.token);
    return ok(c, { token: session.token, user: session.user }, "Registration successful", 201);
  })
  .post("/login", async (c) => {
    const input = await readJson(c, loginSchema);
    const { services } = c.var;
    const ip = clientIp(c.req.raw);
    const email = input.email.trim().toLowerCase();
    await services.rateLimit.beforeLogin(ip, email);
    const session = await services.auth.login(input, c.req.header("User-Agent") ?? null).catch(async (err: unknown) => {
      if (err instanceof HttpError && err.status === 401) await services.rateLimit.loginFailed(ip, email);
      throw err;
    });
    await services.rateLimit.loginSucceeded(email);
    setSessionCookie(c, session.token);
    return ok(c, { token: session.token, user: session.user }, "Login successful");
  })
  .post("/logout", async (c) => {
    if (c.var.auth) await c.var.services.auth.logout(c.var.auth);
    clearSessionCookie(c);
    return ok(c, null, "Logged out successfully");
  })
  .get("/me", requirePermission("workspace.read"), async (c) => {
    const { auth, workspace } = c.var as SignedInEnv["Variables"];
    const accounts = await c.var.services.accounts.list(workspace.id);
    return ok(c, {
      user: auth.user,
      ...auth.user,
      workspace,
      connectedAccounts: accounts.map((a) => ({ platform: a.platform, id: a.id })),
    });
  })
  .post("/send-otp", async (c) => {
    const { email } = await readJson(c, forgotSchema);
    const { services } = c.var;
    await services.rateLimit.enforce("sendOtp", [`ip:${clientIp(c.req.raw)}`, `email:${email.trim().toLowerCase()}`]);
    await services.auth.sendOtp(email);
    return ok(c, null, "OTP sent to your email!");
  })
  .post("/verify-otp", async (c) => {
    const { email, otp } = await readJson(c, verifyOtpSchema);
    const { services } = c.var;
    await services.rateLimit.enforce("verifyOtp", [`ip:${clientIp(c.req.raw)}`, `email:${email.trim().toLowerCase()}`]);
    const grant = await services.auth.verifyOtp(email, otp);
    setCookieForReset(c, grant.resetToken);
    return ok(
      c,
      { resetToken: grant.resetToken, expiresAt: new Date(grant.expiresAt).toISOString() },
      "OTP verified successfully!",
    );
  })
  .post("/update-password", async (c) => {
    const input = await readJson(c, resetPasswordSchema);
    const token = input.resetToken ?? getCookie(c, RESET_COOKIE);
    await c.var.services.auth.resetPassword(input.email, input.newPassword, token);
    clearSessionCookie(c);
    c.header("Set-Cookie", `${RESET_COOKIE}=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Strict`, { append: true });
    return ok(c, null, "Password reset successfully!");
  });

function setCookieForReset(c: Parameters<typeof setSessionCookie>[0], token: string) {
  const secure = new URL(c.req.url).protocol === "https:" ? "; Secure" : "";
  c.header("Set-Cookie", `${RESET_COOKIE}=${token}; Path=/api/auth; Max-Age=600; HttpOnly; SameSite=Strict${secure}`, {
    append: true,
  });
}
