import { env } from "cloudflare:test";
import { postMedia } from "../db/schema/index";
import { insertScheduledPost, testDb } from "./fixtures";
import { call, registerUser } from "./helpers";
import { fileOf, jpegBytes } from "./media-fixtures";
import { connectViaEmulator } from "./oauth";

/** The emulator's demo account's "Recipes" board. */
export const RECIPES_BOARD = "1125968132843520001";

/** A user with a connected Pinterest account, for posts made with `pinPost`. */
export async function pinterestUser() {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, "pinterest");
  const { accounts } = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data;
  const accountId = (accounts as Array<{ _id: string; platform: string }>).find((a) => a.platform === "pinterest")!._id;
  return { u, accountId };
}

/** A post with one photo whose Pinterest channel goes to the Recipes board, its target in `status`. */
export async function pinPost(
  user: Awaited<ReturnType<typeof pinterestUser>>,
  status: "queued" | "publishing",
  dueAt = Date.now(),
  images = 1,
) {
  const text = `Pin test ${crypto.randomUUID().slice(0, 8)}`;
  const { targetIds, postId } = await insertScheduledPost(
    user.u.user.id,
    [{ accountId: user.accountId, platform: "pinterest", dueAt, status }],
    text,
  );
  const targetId = targetIds[0]!;
  await env.DB.prepare("UPDATE post_targets SET version = ? WHERE id = ?")
    .bind(JSON.stringify({ title: "Fresh bread", options: { board: RECIPES_BOARD } }), targetId)
    .run();
  // More than one image makes the pin a carousel.
  for (let position = 0; position < images; position++) {
    const form = new FormData();
    form.append("files", fileOf(jpegBytes(1000, 1500), `pin-${position}.jpg`));
    const upload = await call<"POST /api/media/upload">("/api/media/upload", { token: user.u.token, body: form });
    await testDb()
      .insert(postMedia)
      .values({ postId, mediaId: upload.body.data[0].id as string, position });
  }
  return { targetId, postId, text };
}

/** How many pins on the emulated Pinterest carry `text`. */
export async function pinsWith(text: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM emu_objects WHERE kind = 'pin' AND data LIKE ?")
    .bind(`%${text}%`)
    .first<{ n: number }>();
  return row!.n;
}
