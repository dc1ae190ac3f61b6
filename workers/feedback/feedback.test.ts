import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
  0, 0, 0,
]);

function feedbackForm(
  fields: Record<string, string>,
  attachment?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (attachment) form.set("attachment", new File([attachment.bytes], attachment.name, { type: attachment.type }));
  return form;
}

const countFeedback = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM feedback WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

describe("POST /api/feedback", () => {
  it("stores general feedback without an attachment", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/feedback">("/api/feedback", {
      cookie: u.cookie,
      body: feedbackForm({ type: "general", message: "Love the planner", satisfied: "true", email: "me@example.com" }),
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Thank you for your feedback! We appreciate your input.");
    const row = await env.DB.prepare(
      "SELECT type, message, satisfied, email, attachment_key FROM feedback WHERE id = ?",
    )
      .bind(res.body.data.id)
      .first();
    expect(row).toEqual({
      type: "general",
      message: "Love the planner",
      satisfied: 1,
      email: "me@example.com",
      attachment_key: null,
    });
  });

  it.each([
    [{ type: "general", message: "   " }, "Please enter your feedback message."],
    [{ type: "general", message: "x".repeat(1001) }, "Feedback message must be 1000 characters or less."],
    [{ type: "general", message: "ok", email: "not-an-email" }, "Please enter a valid email address"],
    [{ type: "praise", message: "ok" }, "Please choose a feedback type."],
    [
      { type: "bug", message: "It broke" },
      "Please upload an image for bug reports and improvement suggestions to help us understand the issue better.",
    ],
    [
      { type: "improvement", message: "Make it blue" },
      "Please upload an image for bug reports and improvement suggestions to help us understand the issue better.",
    ],
  ])("refuses %j with the spec's message and stores nothing", async (fields, message) => {
    const u = await registerUser();
    const res = await call<"POST /api/feedback">("/api/feedback", { token: u.token, body: feedbackForm(fields) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    expect(await countFeedback(u.user.id)).toBe(0);
  });

  it("stores a bug report's attachment in R2 under the user, with its sniffed type", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/feedback">("/api/feedback", {
      token: u.token,
      body: feedbackForm(
        { type: "bug", message: "Misaligned button" },
        { bytes: PNG, name: "../../shot.png", type: "image/png" },
      ),
    });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare(
      "SELECT attachment_key, attachment_name, attachment_type FROM feedback WHERE id = ?",
    )
      .bind(res.body.data.id)
      .first<{ attachment_key: string; attachment_name: string; attachment_type: string }>();
    expect(row!.attachment_key).toBe(`feedback/${u.user.id}/${res.body.data.id}/shot.png`);
    expect(row!.attachment_name).toBe("shot.png");
    expect(row!.attachment_type).toBe("image/png");
    const object = await env.MEDIA.get(row!.attachment_key);
    expect(object).not.toBeNull();
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG);
    expect(object!.httpMetadata?.contentType).toBe("image/png");
  });

  it("refuses a disguised file by its bytes, not its name, and stores nothing", async () => {
    const u = await registerUser();
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]);
    const res = await call<"POST /api/feedback">("/api/feedback", {
      token: u.token,
      body: feedbackForm(
        { type: "bug", message: "See attached" },
        { bytes: elf, name: "screenshot.png", type: "image/png" },
      ),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: "Attachments must be an image, PDF, DOC, DOCX or TXT file." });
    expect(await countFeedback(u.user.id)).toBe(0);
    expect((await env.MEDIA.list({ prefix: `feedback/${u.user.id}/` })).objects).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    const res = await call<"POST /api/feedback">("/api/feedback", {
      body: feedbackForm({ type: "general", message: "hi" }),
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: "Please log in to continue." });
  });

  it("refuses a cookie-authenticated post from a foreign origin", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/feedback">("/api/feedback", {
      cookie: u.cookie,
      origin: "https://evil.example",
      body: feedbackForm({ type: "general", message: "hi" }),
    });
    expect(res.status).toBe(403);
    expect(await countFeedback(u.user.id)).toBe(0);
  });
});
