import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";

const eventsAt = (path: string) =>
  env.DB.prepare("SELECT name, path, user_id, properties FROM events WHERE path = ?").bind(path).all<{
    name: string;
    path: string;
    user_id: string | null;
    properties: string | null;
  }>();

describe("POST /api/events", () => {
  it("records a signed-in user's page view with its path and query", async () => {
    const u = await registerUser();
    const path = `/settings?tab=billing&n=${crypto.randomUUID()}`;
    const res = await call<"POST /api/events">("/api/events", { cookie: u.cookie, body: { name: "page_view", path } });
    expect(res.status).toBe(201);
    expect((await eventsAt(path)).results).toEqual([{ name: "page_view", path, user_id: u.user.id, properties: null }]);
  });

  it("records an anonymous page view without a user", async () => {
    const path = `/auth?n=${crypto.randomUUID()}`;
    const res = await call<"POST /api/events">("/api/events", { body: { name: "page_view", path } });
    expect(res.status).toBe(201);
    expect((await eventsAt(path)).results[0]!.user_id).toBeNull();
  });

  it("accepts the other event names of SPEC §7 with their properties", async () => {
    const path = `/content?n=${crypto.randomUUID()}`;
    const res = await call<"POST /api/events">("/api/events", {
      body: { name: "platform_selected", path, properties: { platform: "instagram", context: "composer" } },
    });
    expect(res.status).toBe(201);
    expect(JSON.parse((await eventsAt(path)).results[0]!.properties!)).toEqual({
      platform: "instagram",
      context: "composer",
    });
  });

  it("refuses an unknown event name and records nothing", async () => {
    const path = `/x?n=${crypto.randomUUID()}`;
    const res = await call<"POST /api/events">("/api/events", { body: { name: "drop_table", path } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: "Unknown event name." });
    expect((await eventsAt(path)).results).toHaveLength(0);
  });
});
