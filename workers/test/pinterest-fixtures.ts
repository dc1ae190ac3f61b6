import { env } from "cloudflare:test";
import { createDb } from "../db/client";
import { postMedia } from "../db/schema/index";
import { PinterestClient } from "../platforms/pinterest";
import type { AccountCredentials } from "../platforms/types";
import { insertScheduledPost } from "./fixtures";
import { call, registerUser } from "./helpers";
import { fileOf, jpegBytes } from "./media-fixtures";
import { advanceEmulator, connectViaEmulator } from "./oauth";
import { consent, sandboxDeps } from "./platform-sandbox";
import { dbOf } from "./shards";

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
  const shard = await dbOf(user.u.user.id);
  await shard
    .prepare("UPDATE post_targets SET version = ? WHERE id = ?")
    .bind(JSON.stringify({ title: "Fresh bread", options: { board: RECIPES_BOARD } }), targetId)
    .run();
  // More than one image makes the pin a carousel.
  for (let position = 0; position < images; position++) {
    const form = new FormData();
    form.append("files", fileOf(jpegBytes(1000, 1500), `pin-${position}.jpg`));
    const upload = await call<"POST /api/media/upload">("/api/media/upload", { token: user.u.token, body: form });
    await createDb(shard)
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

const REDIRECT = "http://localhost/api/auth/pinterest/callback";
// Waiting for video processing moves the emulator's clock instead of sleeping.
export const pinterestClient = new PinterestClient({ ...sandboxDeps(), sleep: (ms) => advanceEmulator(ms) });

/** The client's own OAuth round trip through the emulator's consent page, and the account it gives. */
export async function connectPinterestClient(opts: { withhold?: string[] } = {}) {
  const url = pinterestClient.authorizeUrl({ state: "st", redirectUri: REDIRECT });
  const back = await consent(url, opts);
  const tokens = await pinterestClient.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT });
  const [user] = await pinterestClient.accounts(tokens);
  const account: AccountCredentials = {
    platformUserId: user!.platformUserId,
    accessToken: tokens.accessToken,
    accountType: user!.accountType,
    metadata: {},
  };
  return { url, tokens, user: user!, account };
}
