import { createExecutionContext, env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApi } from "../api";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { LoginLimits } from "./rate-limit";
import type { UserSessions } from "./user-sessions";

async function latestCode(email: string): Promise<string> {
  const row = await env.DB.prepare("SELECT text FROM dev_mailbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1")
    .bind(email)
    .first<{ text: string }>();
  const match = row?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1]!;
}

describe("register", () => {
  it("creates the user, returns token and user, and sets an httpOnly Lax cookie", async () => {
    const res = await call<"POST /api/auth/register">("/api/auth/register", {
      body: { email: "Ann@Example.com", password: "secret1", displayName: "Ann", timezone: "Europe/Berlin" },
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({
      email: "ann@example.com",
      displayName: "Ann",
      timezone: "Europe/Berlin",
    });
    expect(res.body.data.token).toMatch(/^[0-9a-f-]{36}\./);
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toContain("postline_session=");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure"); // plain http on localhost
    const me = await call<"GET /api/auth/me">("/api/auth/me", { token: res.body.data.token });
    expect(me.body.data.user.email).toBe("ann@example.com");
  });

  it.each([
    [{ email: "", password: "secret1", displayName: "A" }, "Please fill in all required fields"],
    [{ email: "a@b.c", password: "", displayName: "A" }, "Please fill in all required fields"],
    [{ email: "nope", password: "secret1", displayName: "A" }, "Please enter a valid email address"],
    [{ email: "a@b.c", password: "12345", displayName: "A" }, "Password must be at least 6 characters long"],
    [{ email: "a@b.c", password: "secret1", displayName: "  " }, "Please enter your name"],
    [{ email: 42, password: "secret1", displayName: "A" }, "email must be text."],
  ])("refuses %j with the spec's message and writes nothing", async (body, message) => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    const res = await call<"POST /api/auth/register">("/api/auth/register", { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    const after = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("refuses a duplicate email", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/auth/register">("/api/auth/register", {
      body: { email: u.email.toUpperCase(), password: "secret1", displayName: "B" },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("An account with this email already exists");
  });

  it("answers malformed JSON and oversized bodies with a 400/413 envelope", async () => {
    const bad = await call<"POST /api/auth/register">("/api/auth/register", { body: "{not json" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: "Malformed JSON body." });
    const huge = await call<"POST /api/auth/register">("/api/auth/register", {
      body: { email: "x@y.z", password: "x".repeat(2 * 1024 * 1024), displayName: "x" },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.success).toBe(false);
  });
});

describe("login and sessions", () => {
  it("logs in with the right password only", async () => {
    const u = await registerUser();
    const good = await call<"POST /api/auth/login">("/api/auth/login", {
      body: { email: u.email, password: u.password },
    });
    expect(good.status).toBe(200);
    expect(good.body.data.user.id).toBe(u.user.id);
    const bad = await call<"POST /api/auth/login">("/api/auth/login", {
      body: { email: u.email, password: "wrong-pass" },
    });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ success: false, message: "Invalid email or password" });
  });

  it("resolves the same user from the cookie and from the bearer token", async () => {
    const u = await registerUser();
    const viaCookie = await call<"GET /api/auth/me">("/api/auth/me", { cookie: u.cookie });
    const viaBearer = await call<"GET /api/auth/me">("/api/auth/me", { token: u.token });
    expect(viaCookie.body.data.user.id).toBe(u.user.id);
    expect(viaBearer.body.data.user.id).toBe(u.user.id);
  });

  it("rejects missing, forged and logged-out tokens with 401", async () => {
    const u = await registerUser();
    expect((await call<"GET /api/auth/me">("/api/auth/me")).body).toEqual({
      success: false,
      message: "Please log in to continue.",
    });
    expect((await call<"GET /api/auth/me">("/api/auth/me", { token: `${u.user.id}.forged` })).status).toBe(401);
    expect((await call<"GET /api/auth/me">("/api/auth/me", { token: "garbage" })).status).toBe(401);
    const out = await call<"POST /api/auth/logout">("/api/auth/logout", { token: u.token, body: {} });
    expect(out.body.message).toBe("Logged out successfully");
    expect((await call<"GET /api/auth/me">("/api/auth/me", { token: u.token })).status).toBe(401);
  });

  it("expires a session after its lifetime", async () => {
    const u = await registerUser();
    const stub = env.USER_SESSIONS.get(env.USER_SESSIONS.idFromName(u.user.id));
    const [session] = await stub.list(Date.now());
    expect(session!.expiresAt - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
    // Ask the session store as if eight days had passed.
    const { sha256Hex } = await import("../crypto");
    expect(await stub.validate(await sha256Hex(u.token), Date.now() + 8 * 24 * 3600_000)).toBeNull();
    expect((await call<"GET /api/auth/me">("/api/auth/me", { token: u.token })).status).toBe(401);
  });

  it("checks a live session without writing, and drops expired ones when it does write (its last-seen minute)", async () => {
    const u = await registerUser();
    const again = await call<"POST /api/auth/login">("/api/auth/login", {
      body: { email: u.email, password: u.password },
    });
    expect(again.status).toBe(200);
    const stub = env.USER_SESSIONS.get(env.USER_SESSIONS.idFromName(u.user.id));
    const { sha256Hex } = await import("../crypto");
    const hash = await sha256Hex(u.token);
    await runInDurableObject(stub, async (sessions: UserSessions, state) => {
      const statements: string[] = [];
      const exec = state.storage.sql.exec.bind(state.storage.sql);
      state.storage.sql.exec = ((query: string, ...bindings: unknown[]) => {
        statements.push(query.split(" ")[0]!);
        return exec(query, ...bindings);
      }) as typeof exec;
      const stored = () => exec<{ n: number }>("SELECT count(*) AS n FROM sessions").one().n;
      // The other sign-in's session lapses; the live one is asked about within its minute: nothing is written.
      exec("UPDATE sessions SET expires_at = ? WHERE token_hash != ?", Date.now() - 1, hash);
      expect(sessions.validate(hash, Date.now())).not.toBeNull();
      expect(statements).toEqual(["SELECT"]);
      expect(stored()).toBe(2);
      // Two minutes on, its last-seen time moves, and the lapsed session goes with that write.
      expect(sessions.validate(hash, Date.now() + 120_000)).not.toBeNull();
      expect(statements).toEqual(["SELECT", "SELECT", "UPDATE", "DELETE"]);
      expect(stored()).toBe(1);
    });
  });

  it("lets ten people from one office IP sign in within minutes, and the eleventh too (successes are not counted)", {
    timeout: 20_000,
  }, async () => {
    const office = "198.51.100.20";
    const people = await Promise.all(Array.from({ length: 11 }, () => registerUser()));
    const statuses = [];
    for (const p of people)
      statuses.push(
        (
          await call<"POST /api/auth/login">("/api/auth/login", {
            ip: office,
            body: { email: p.email, password: p.password },
          })
        ).status,
      );
    expect(statuses).toEqual(Array(11).fill(200));
  });

  it("lets a typo through, then slows wrong passwords with a growing delay (Retry-After), delays the owner at most a minute, and a success clears it", async () => {
    const u = await registerUser();
    // The real API with a clock the test moves, instead of sleeping through the delays.
    let t = Date.now();
    const app = createApi(() => t);
    const login = async (password: string, ip: string) => {
      const headers = { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": ip };
      const res = await app.fetch(
        new Request(`${ORIGIN}/api/auth/login`, {
          method: "POST",
          headers,
          body: JSON.stringify({ email: u.email, password }),
        }),
        env,
        createExecutionContext(),
      );
      return {
        status: res.status,
        retryAfter: Number(res.headers.get("Retry-After")),
        body: (await res.json()) as { message: string },
      };
    };
    const attacker = "192.0.2.77";
    // Two wrong passwords in a row cost nothing: a typo is followed at once by the right one.
    for (let i = 0; i < 2; i++) expect((await login("wrong-pass", attacker)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      expect((await login("wrong-pass", attacker)).status).toBe(401);
      const slowed = await login("wrong-pass", attacker);
      expect(slowed.status).toBe(429);
      waits.push(slowed.retryAfter);
      if (i < 9) t += slowed.retryAfter * 1000;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);

    // The owner, from another network, right after the tenth wrong password: a short wait, then in.
    const owner = "198.51.100.21";
    const wait = await login(u.password, owner);
    expect(wait).toEqual({
      status: 429,
      retryAfter: 60,
      body: {
        success: false,
        message: "Too many failed sign-in attempts for this account. Please wait 60 seconds and try again.",
      },
    });
    t += 60_000;
    expect((await login(u.password, owner)).status).toBe(200);
    // The success cleared the count: the next typo is free again, and the right password goes straight in.
    expect((await login("wrong-pass", owner)).status).toBe(401);
    expect((await login(u.password, owner)).status).toBe(200);
  });

  it("stops one IP after many failures across different accounts", async () => {
    const ip = "203.0.113.9";
    const { limit, windowMs } = LoginLimits.ipFailures;
    // 49 failures already counted (hashing 49 guesses would only slow the suite), then the 50th for real.
    const failures = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`login-failures:ip:${ip}`));
    for (let i = 0; i < limit - 1; i++) await failures.record(windowMs, Date.now());
    expect(
      (
        await call<"POST /api/auth/login">("/api/auth/login", {
          ip,
          body: { email: "nobody@example.com", password: "secret1" },
        })
      ).status,
    ).toBe(401);
    const limited = await call<"POST /api/auth/login">("/api/auth/login", {
      ip,
      body: { email: "nobody-else@example.com", password: "secret1" },
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, message: "Too many requests. Please try again later." });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("refuses a cookie-authenticated write from a foreign origin", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/auth/logout">("/api/auth/logout", {
      cookie: u.cookie,
      origin: "https://evil.example",
      body: {},
    });
    expect(res.status).toBe(403);
    expect((await call<"GET /api/auth/me">("/api/auth/me", { cookie: u.cookie })).status).toBe(200);
  });
});

describe("password reset", () => {
  it("runs send → verify → update and revokes every session", async () => {
    const u = await registerUser();
    const sent = await call<"POST /api/auth/send-otp">("/api/auth/send-otp", { body: { email: u.email } });
    expect(sent.body).toMatchObject({ success: true, message: "OTP sent to your email!" });
    const code = await latestCode(u.email);
    // A reset belongs to no workspace: Postline's own brand, in a plain-text part and an HTML part.
    const mail = await env.DB.prepare(
      "SELECT text, html FROM dev_mailbox WHERE to_address = ? ORDER BY created_at DESC",
    )
      .bind(u.email)
      .first<{ text: string; html: string }>();
    expect(mail!.text).toBe(
      `Postline\n\nYour Postline password reset code is ${code}. It expires in 10 minutes and can be used once.\n\n--\nIf you did not ask to reset your password, you can ignore this message.`,
    );
    expect(mail!.html).toContain("background:#4338ca;color:#ffffff");
    expect(mail!.html).toContain(`reset code is ${code}.`);
    const noGrant = await call<"POST /api/auth/update-password">("/api/auth/update-password", {
      body: { email: u.email, newPassword: "newpass1" },
    });
    expect(noGrant.body).toEqual({ success: false, message: "Please verify OTP first" });
    const verified = await call<"POST /api/auth/verify-otp">("/api/auth/verify-otp", {
      body: { email: u.email, otp: code },
    });
    expect(verified.body.message).toBe("OTP verified successfully!");
    const updated = await call<"POST /api/auth/update-password">("/api/auth/update-password", {
      body: { email: u.email, newPassword: "newpass1", resetToken: verified.body.data.resetToken },
    });
    expect(updated.body).toMatchObject({ success: true, message: "Password reset successfully!" });
    expect((await call<"GET /api/auth/me">("/api/auth/me", { token: u.token })).status).toBe(401);
    expect(
      (await call<"POST /api/auth/login">("/api/auth/login", { body: { email: u.email, password: "newpass1" } }))
        .status,
    ).toBe(200);
    // The grant is single use.
    const again = await call<"POST /api/auth/update-password">("/api/auth/update-password", {
      body: { email: u.email, newPassword: "other12", resetToken: verified.body.data.resetToken },
    });
    expect(again.body.message).toBe("Please verify OTP first");
  });

  it("answers an unknown email the same way and mails nothing", async () => {
    const res = await call<"POST /api/auth/send-otp">("/api/auth/send-otp", { body: { email: "ghost@example.com" } });
    expect(res.body.message).toBe("OTP sent to your email!");
    const row = await env.DB.prepare(
      "SELECT count(*) AS n FROM dev_mailbox WHERE to_address = 'ghost@example.com'",
    ).first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  it("validates the forgot and OTP inputs", async () => {
    expect((await call<"POST /api/auth/send-otp">("/api/auth/send-otp", { body: { email: "" } })).body.message).toBe(
      "Please enter your email address",
    );
    expect((await call<"POST /api/auth/send-otp">("/api/auth/send-otp", { body: { email: "x" } })).body.message).toBe(
      "Please enter a valid email address",
    );
    expect(
      (await call<"POST /api/auth/verify-otp">("/api/auth/verify-otp", { body: { email: "a@b.c", otp: "12" } })).body
        .message,
    ).toBe("Please enter a valid OTP");
    expect(
      (await call<"POST /api/auth/update-password">("/api/auth/update-password", { body: { newPassword: "secret1" } }))
        .body.message,
    ).toBe("Email is missing. Please start over.");
  });

  it("locks a code after five wrong tries and refuses an expired code", async () => {
    const u = await registerUser();
    await call<"POST /api/auth/send-otp">("/api/auth/send-otp", { body: { email: u.email } });
    const code = await latestCode(u.email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      expect(
        (await call<"POST /api/auth/verify-otp">("/api/auth/verify-otp", { body: { email: u.email, otp: wrong } })).body
          .message,
      ).toBe("Invalid OTP. Please try again.");
    }
    expect(
      (await call<"POST /api/auth/verify-otp">("/api/auth/verify-otp", { body: { email: u.email, otp: wrong } })).body
        .message,
    ).toBe("Too many attempts. Please request a new OTP.");
    expect(
      (await call<"POST /api/auth/verify-otp">("/api/auth/verify-otp", { body: { email: u.email, otp: code } })).status,
    ).toBe(400);

    const v = await registerUser();
    await call<"POST /api/auth/send-otp">("/api/auth/send-otp", { body: { email: v.email } });
    const fresh = await latestCode(v.email);
    await env.DB.prepare("UPDATE password_resets SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, v.user.id)
      .run();
    expect(
      (await call<"POST /api/auth/verify-otp">("/api/auth/verify-otp", { body: { email: v.email, otp: fresh } })).body
        .message,
    ).toBe("OTP has expired. Please request a new one.");
  });

  it("stores the code hashed, never in clear", async () => {
    const u = await registerUser();
    await call<"POST /api/auth/send-otp">("/api/auth/send-otp", { body: { email: u.email } });
    const code = await latestCode(u.email);
    const row = await env.DB.prepare("SELECT code_hash FROM password_resets WHERE user_id = ?")
      .bind(u.user.id)
      .first<{ code_hash: string }>();
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("users", () => {
  it("returns the profile and verifies the current password", async () => {
    const u = await registerUser({ displayName: "Zoe" });
    const profile = await call<"GET /api/users/profile">("/api/users/profile", { token: u.token });
    expect(profile.body.data).toMatchObject({
      displayName: "Zoe",
      email: u.email,
      connectedPlatforms: [],
      connectedAccounts: [],
    });
    expect(
      (
        await call<"POST /api/users/verify-password">("/api/users/verify-password", {
          token: u.token,
          body: { currentPassword: u.password },
        })
      ).body.message,
    ).toBe("Password verified! You can now set a new password.");
    const wrong = await call<"POST /api/users/verify-password">("/api/users/verify-password", {
      token: u.token,
      body: { currentPassword: "nope-nope" },
    });
    expect(wrong.body).toEqual({ success: false, message: "Current password is incorrect" });
    const blank = await call<"POST /api/users/verify-password">("/api/users/verify-password", {
      token: u.token,
      body: { currentPassword: "" },
    });
    expect(blank.body.message).toBe("Please enter your current password");
  });

  it("changes the password, keeps this session and revokes all others", async () => {
    const u = await registerUser();
    const other = await call<"POST /api/auth/login">("/api/auth/login", {
      body: { email: u.email, password: u.password },
    });
    const otherToken = other.body.data.token as string;
    const short = await call<"PUT /api/users/update-password">("/api/users/update-password", {
      method: "PUT",
      token: u.token,
      body: { currentPassword: u.password, newPassword: "123" },
    });
    expect(short.body.message).toBe("New password must be at least 6 characters long");
    const res = await call<"PUT /api/users/update-password">("/api/users/update-password", {
      method: "PUT",
      token: u.token,
      body: { currentPassword: u.password, newPassword: "brandnew1" },
    });
    expect(res.body).toMatchObject({
      success: true,
      message: "Password updated successfully",
      data: { otherSessionsRevoked: 1 },
    });
    expect((await call<"GET /api/auth/me">("/api/auth/me", { token: u.token })).status).toBe(200);
    expect((await call<"GET /api/auth/me">("/api/auth/me", { token: otherToken })).status).toBe(401);
  });

  it("updates the timezone only to a real IANA zone", async () => {
    const u = await registerUser();
    expect(
      (
        await call<"PUT /api/users/timezone">("/api/users/timezone", {
          method: "PUT",
          token: u.token,
          body: { timezone: "Mars/Olympus" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call<"PUT /api/users/timezone">("/api/users/timezone", {
          method: "PUT",
          token: u.token,
          body: { timezone: "America/New_York" },
        })
      ).status,
    ).toBe(200);
    expect((await call<"GET /api/auth/me">("/api/auth/me", { token: u.token })).body.data.user.timezone).toBe(
      "America/New_York",
    );
  });

  it("requires a session on every users route", async () => {
    for (const [method, path] of [
      ["GET", "/api/users/profile"],
      ["POST", "/api/users/verify-password"],
      ["PUT", "/api/users/update-password"],
      ["GET", "/api/users/connected-accounts"],
    ] as const) {
      const res = await call(path, { method, body: method === "GET" ? undefined : {} });
      expect(res.status, path).toBe(401);
      expect(res.body.message).toBe("Please log in to continue.");
    }
  });
});
