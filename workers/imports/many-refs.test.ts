import { describe, expect, it } from "vitest";
import { insertAccount } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";

const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

// D1 refuses a statement with more than 100 bound parameters (ADR 118). A media cell lists files by name or by
// library URL, as many as its 70,000 characters hold.
describe("bulk import's media lookup", () => {
  it("checks a row naming 60 files and linking 60 more", async () => {
    const u = await registerUser();
    await insertAccount(u.user.id, "twitter", { username: "acme" });
    const names = Array.from({ length: 60 }, (_, i) => `photo-${i}.jpg`);
    const urls = Array.from({ length: 60 }, () => `https://app.example/media/${crypto.randomUUID()}`);
    const rows = [
      {
        row: 2,
        text: "Every file",
        channels: "twitter",
        date: future,
        time: "09:00",
        timezone: "",
        media: [...names, ...urls].join(";"),
        first_comment: "",
      },
    ];
    const dry = await call<"POST /api/imports/check">("/api/imports/check", { token: u.token, body: { rows } });
    expect(dry.status, dry.body.message).toBe(200);
    expect(dry.body.data.rows[0].errors[0]).toMatch(/photo-0\.jpg/);
  });
});
