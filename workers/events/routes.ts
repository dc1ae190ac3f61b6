import { Hono } from "hono";
import { z } from "zod";
import { events } from "../db/schema/index";
import type { AppEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { readJson } from "../http/validate";

/** The event names SPEC §7 mentions; anything else is refused so the table stays meaningful. */
export const EVENT_NAMES = [
  "page_view",
  "platform_grid_viewed",
  "platform_selected",
  "platform_deselected",
  "post_created",
  "post_scheduled",
  "post_published",
  "ai_content_generated",
  "media_uploaded",
  "account_connected",
  "account_disconnected",
] as const;

export const eventSchema = z.object({
  name: z.enum(EVENT_NAMES, { error: "Unknown event name." }),
  path: z.string().max(2048).optional(),
  properties: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
});

export const eventRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const input = await readJson(c, eventSchema);
  const properties = input.properties && Object.keys(input.properties).length > 20 ? undefined : input.properties;
  await c.var.services.directory.insert(events).values({
    id: crypto.randomUUID(),
    userId: c.var.auth?.user.id ?? null,
    name: input.name,
    path: input.path ?? null,
    properties: properties ?? null,
  });
  return ok(c, null, "Event recorded", 201);
});
