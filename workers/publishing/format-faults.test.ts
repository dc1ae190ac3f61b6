import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { postMedia, postTargets } from "../db/schema/index";
import { MAX_PUBLISH_ATTEMPTS } from "../delivery/retry-budget";
import type { Platform, PostFormat } from "../platform-profile";
import { insertScheduledPost } from "../test/fixtures";
import { connectedAccount } from "../test/format-kit";
import { call } from "../test/helpers";
import { fileOf, jpegBytes, mp4Bytes } from "../test/media-fixtures";
import { armFault, platformHarness, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOfTarget, drizzleOf, drizzleOfTarget, publishDepsOf } from "../test/shards";
import { publishTarget } from "./consumer";

/**
 * Exactly-once for Reels and Stories (ADR 066), as faults.test.ts holds it for feed posts: the consumer driven
 * message by message against the emulator's fault switch ends with one copy on the platform, or a clear failure.
 * A Story carries no caption, so copies are counted by product type since the case began.
 */
/** The publisher's dependencies, with clients whose waits between status polls move the emulator clock (no sleeps). */
const deps = async (targetId: string) => {
  const harness = platformHarness();
  return { ...(await publishDepsOf(targetId)), client: (p: Platform) => harness.registry[p]! };
};

async function queued(platform: "instagram" | "facebook", format: PostFormat, kind: "image" | "video") {
  const { u, accountId } = await connectedAccount(platform);
  const text = `Format fault ${platform} ${format} ${crypto.randomUUID().slice(0, 8)}`;
  const { targetIds, postId } = await insertScheduledPost(
    u.user.id,
    [{ accountId, platform, dueAt: Date.now(), status: "queued" }],
    text,
  );
  const db = await drizzleOf(u.user.id);
  await db
    .update(postTargets)
    .set({ version: { options: { format } } })
    .where(eq(postTargets.id, targetIds[0]!));
  const file =
    kind === "video"
      ? fileOf(await mp4Bytes({ width: 1080, height: 1920, seconds: 4 }), "clip.mp4", "video/mp4")
      : fileOf(jpegBytes(1080, 1920), "story.jpg");
  const form = new FormData();
  form.append("files", file);
  const mediaId = (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body
    .data[0].id as string;
  await db.insert(postMedia).values({ postId, mediaId, position: 0 });
  const since = (await (await raw("/sandbox/clock")).json<{ now: number }>()).now;
  return { targetId: targetIds[0]!, text, since };
}

const target = async (id: string) =>
  (await (await drizzleOfTarget(id)).select().from(postTargets).where(eq(postTargets.id, id)))[0]!;
const attempts = async (targetId: string) =>
  (
    await (
      await dbOfTarget(targetId)
    )
      .prepare("SELECT kind, outcome FROM publish_attempts WHERE target_id = ? ORDER BY started_at, rowid")
      .bind(targetId)
      .all()
  ).results;

/** Reels and Stories on the platform since `since`: by caption for a Reel, by product type for a Story. */
async function copies(t: { text: string; since: number }, format: PostFormat) {
  const story = format === "story";
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM emu_objects WHERE kind IN ('media', 'post') AND created_at >= ? AND (${
      story ? `data LIKE '%"productType":"STORY"%' OR data LIKE '%"type":"story"%'` : "data LIKE ?"
    })`,
  )
    .bind(...(story ? [t.since] : [t.since, `%${t.text}%`]))
    .first<{ n: number }>();
  return row!.n;
}

afterEach(clearFaults);

describe("Reels and Stories under faults", () => {
  // Instagram connects through Facebook Login here, so its Graph calls answer to the `facebook` switch.
  it.each([
    { platform: "instagram", format: "reel", kind: "video", path: "/media_publish$", after: 0 },
    { platform: "instagram", format: "story", kind: "image", path: "/media_publish$", after: 0 },
    { platform: "facebook", format: "reel", kind: "video", path: "/video_reels$", after: 1 },
    { platform: "facebook", format: "story", kind: "image", path: "/photo_stories$", after: 0 },
  ] as const)(
    "$platform $format: a lost answer to the publishing call is looked up and settled, never resent",
    { timeout: 30_000 },
    async ({ platform, format, kind, path, after }) => {
      const t = await queued(platform, format, kind);
      // The Reel's start is the first POST to /video_reels; the finish, the second, is the one that publishes.
      await armFault("facebook", "drop", 1, { method: "POST", path, after });
      expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
      const row = await target(t.targetId);
      expect(row.status, row.errorMessage ?? "").toBe("published");
      expect(row.remoteId).toBeTruthy();
      expect(await copies(t, format)).toBe(1);
      expect(await attempts(t.targetId)).toEqual([
        { kind: "publish", outcome: "unknown" },
        { kind: "verify", outcome: "found" },
      ]);
    },
  );

  it.each([
    { platform: "instagram", format: "reel", kind: "video" },
    { platform: "facebook", format: "story", kind: "video" },
  ] as const)(
    "$platform $format: a 429 then a 500 are retried and the post goes out once",
    { timeout: 30_000 },
    async ({ platform, format, kind }) => {
      const t = await queued(platform, format, kind);
      await armFault("facebook", "429", 1);
      expect((await publishTarget(t.targetId, await deps(t.targetId))).ack).toBe(false);
      await armFault("facebook", "500", 1);
      expect((await publishTarget(t.targetId, await deps(t.targetId))).ack).toBe(false);
      expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
      expect((await target(t.targetId)).status).toBe("published");
      expect(await copies(t, format)).toBe(1);
    },
  );

  it("a crash after Instagram took the Story: the redelivery finds it on the stories edge, never posts twice", {
    timeout: 30_000,
  }, async () => {
    const t = await queued("instagram", "story", "video");
    const d = await deps(t.targetId);
    // The platform took the Story; the worker died before recording it, its lease then passed.
    await d
      .client("instagram")
      .publish(
        await d.credentials((await target(t.targetId)).accountId),
        (await d.buildRequest(await target(t.targetId))).request,
      );
    await (await dbOfTarget(t.targetId))
      .prepare("UPDATE post_targets SET status = 'publishing', attempt_count = 1, claimed_at = ? WHERE id = ?")
      .bind(Date.now() - 5000, t.targetId)
      .run();
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    const row = await target(t.targetId);
    expect(row.status, row.errorMessage ?? "").toBe("published");
    expect(await copies(t, "story")).toBe(1);
    expect(row.attemptCount).toBeLessThanOrEqual(MAX_PUBLISH_ATTEMPTS);
  });
});
