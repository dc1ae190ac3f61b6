import type { Context } from "hono";
import { html } from "hono/html";
import type { Db } from "../db/client";
import { bskyAuthorName } from "./bluesky";
import type { EmuEnv } from "./context";
import { ytChannelTitle } from "./google";
import { DEMO_ACCOUNT, LOCATIONS } from "./google-business";
import { liAuthorName } from "./linkedin";
import { INSTANCES, mastodonAuthor } from "./mastodon";
import { pageById } from "./meta/demo";
import { postMetrics } from "./metrics";
import { type EmuObject, findObjects, getObject } from "./objects";
import { pinterestAuthor } from "./pinterest";
import { tiktokAuthorName } from "./tiktok";
import { xAuthorName } from "./x";

/**
 * GET /sandbox/view?url=<permalink>: a published post's permalink points at the real platform, which a
 * browser cannot reach offline; in sandbox mode the app links here instead and we show the stored post.
 */
interface ViewedPost {
  platform: string;
  author: string;
  text: string;
  obj: EmuObject;
}

const MASTODON_DOMAINS = INSTANCES.map((i) => i.domain);
/** The kinds every sub-app stores a reply or comment as. */
const REPLY_KINDS = ["comment", "tweet", "media", "app.bsky.feed.post", "status"];

async function byData(db: Db, platform: string, kind: string, field: string, value: string) {
  return (await findObjects(db, platform, kind, { data: { [field]: value } }, 1))[0] ?? null;
}

async function ofKind(db: Db, platform: string, id: string | undefined, kind: string) {
  const obj = id ? await getObject(db, platform, id) : null;
  return obj?.kind === kind ? obj : null;
}

/** The stored post a permalink names, or null. Each platform's permalink shape as its client or emulator writes it. */
export async function findPost(db: Db, permalink: string): Promise<ViewedPost | null> {
  let url: URL;
  try {
    url = new URL(permalink);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  if (host === "x.com" || host === "twitter.com") {
    const obj = parts.at(-2) === "status" ? await ofKind(db, "twitter", parts.at(-1), "tweet") : null;
    return obj && { platform: "X", author: xAuthorName(obj.owner), text: String(obj.data.text ?? ""), obj };
  }
  if (host === "linkedin.com" && parts[0] === "feed" && parts[1] === "update") {
    const obj = await ofKind(db, "linkedin", decodeURIComponent(parts[2] ?? ""), "post");
    return (
      obj && { platform: "LinkedIn", author: liAuthorName(obj.owner), text: String(obj.data.commentary ?? ""), obj }
    );
  }
  // https://www.tiktok.com/@user/video/<post id>: the publish whose public id it is.
  if (host === "tiktok.com" && parts[1] === "video") {
    const obj = await byData(db, "tiktok", "publish", "postId", parts[2] ?? "");
    const text = [obj?.data.title, obj?.data.description].filter(Boolean).join("\n\n");
    return obj && { platform: "TikTok", author: tiktokAuthorName(obj.owner), text, obj };
  }
  if (host === "instagram.com") {
    const obj = await byData(db, "instagram", "media", "permalink", `https://www.instagram.com${url.pathname}`);
    return (
      obj && {
        platform: "Instagram",
        author: `@${String(obj.data.username)}`,
        text: String(obj.data.caption ?? ""),
        obj,
      }
    );
  }
  if (host === "facebook.com" && parts[1] === "posts") {
    const obj = await ofKind(db, "facebook", `${parts[0]}_${parts[2]}`, "post");
    return (
      obj && {
        platform: "Facebook",
        author: pageById(obj.owner)?.name ?? obj.owner,
        text: String(obj.data.message ?? ""),
        obj,
      }
    );
  }
  if (host === "threads.net" && parts[1] === "post") {
    const obj = await byData(db, "threads", "media", "shortcode", parts[2] ?? "");
    return (
      obj && { platform: "Threads", author: `@${String(obj.data.username)}`, text: String(obj.data.text ?? ""), obj }
    );
  }
  if (host === "bsky.app" && parts[0] === "profile" && parts[2] === "post") {
    const obj = await ofKind(db, "bluesky", `at://${parts[1]}/app.bsky.feed.post/${parts[3]}`, "app.bsky.feed.post");
    const value = (obj?.data.value ?? {}) as { text?: string };
    return obj && { platform: "Bluesky", author: bskyAuthorName(obj.owner), text: value.text ?? "", obj };
  }
  // Mastodon: https://<instance>/@<username>/<status id>, on whichever emulated instance published it.
  if (MASTODON_DOMAINS.includes(host) && parts[0]?.startsWith("@")) {
    const obj = await ofKind(db, `mastodon:${host}`, parts[1], "status");
    return (
      obj && { platform: "Mastodon", author: mastodonAuthor(host, obj.owner), text: String(obj.data.text ?? ""), obj }
    );
  }
  // Business Profile: a local post's searchUrl names its location and the post (lpsid).
  if (host === "local.google.com" && url.searchParams.get("use") === "posts") {
    const location = `locations/${url.searchParams.get("id")}`;
    const id = `${DEMO_ACCOUNT.name}/${location}/localPosts/${url.searchParams.get("lpsid")}`;
    const obj = await ofKind(db, "google_business", id, "localPost");
    const title = LOCATIONS.find((l) => l.name === location)?.title ?? location;
    return obj && { platform: "Google Business Profile", author: title, text: String(obj.data.summary ?? ""), obj };
  }
  // Pinterest: https://www.pinterest.com/pin/<id>/; a pin's title and description are its text.
  if (host === "pinterest.com" && parts[0] === "pin") {
    const obj = await ofKind(db, "pinterest", parts[1], "pin");
    const text = [obj?.data.title, obj?.data.description].filter(Boolean).join("\n\n");
    return obj && { platform: "Pinterest", author: pinterestAuthor(obj.owner), text, obj };
  }
  if (host === "youtube.com" && url.pathname === "/watch") {
    const obj = await ofKind(db, "youtube", url.searchParams.get("v") ?? undefined, "video");
    const snippet = (obj?.data.snippet ?? {}) as { title?: string; description?: string };
    return (
      obj && {
        platform: "YouTube",
        author: ytChannelTitle(obj.owner),
        text: [snippet.title, snippet.description].filter(Boolean).join("\n\n"),
        obj,
      }
    );
  }
  return null;
}

/**
 * What was published under a post through the API, at every depth and oldest first (like Threads'
 * `/conversation`): comments (Instagram, Facebook, LinkedIn) and replies (X, Threads), which every sub-app
 * records with `replyTo` = the parent's id, so a thread's parts read in order.
 */
async function repliesTo(db: Db, post: EmuObject): Promise<Array<{ author: string; text: string }>> {
  const found: EmuObject[] = [];
  for (let parents = [post.id]; parents.length; ) {
    const rows = await findObjects(db, post.platform, REPLY_KINDS, { data: { replyTo: { in: parents } } });
    found.push(...rows);
    parents = rows.map((r) => r.id);
  }
  found.sort((a, b) => a.createdAt - b.createdAt);
  return found.map((r) =>
    r.kind === "app.bsky.feed.post"
      ? { author: bskyAuthorName(r.owner), text: String((r.data.value as { text?: unknown }).text ?? "") }
      : {
          author:
            r.kind === "tweet"
              ? xAuthorName(r.owner)
              : r.kind === "status"
                ? mastodonAuthor(r.platform.replace(/^mastodon:/, ""), r.owner)
                : r.data.author
                  ? String(r.data.author)
                  : `@${String(r.data.username ?? r.owner)}`,
          text: String(r.data.text ?? ""),
        },
  );
}

function page(title: string, body: unknown) {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;display:flex;justify-content:center;padding:40px 12px}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:560px;width:100%;padding:28px}
h1{font-size:20px;margin:0 0 6px}.muted{color:#6b7280;font-size:14px}.text{white-space:pre-wrap;font-size:16px;line-height:1.5}
.banner{background:#fef3c7;border-radius:6px;padding:6px 10px;font-size:13px;margin-bottom:14px}
dl{display:grid;grid-template-columns:repeat(4,1fr);gap:8px}dt{font-size:12px;color:#6b7280}dd{margin:0;font-weight:600}</style>
</head><body><main><div class="banner" role="note">Postline platform emulator: this post exists only in the sandbox.</div>${body}</main></body></html>`;
}

export async function viewPost(c: Context<EmuEnv>) {
  const permalink = c.req.query("url") ?? "";
  const found = await findPost(c.var.db, permalink);
  if (!found) {
    return c.html(
      page(
        "Post not found",
        html`<h1>Post not found</h1><p class="muted">The emulator has no post with the link ${permalink}.</p>`,
      ),
      404,
    );
  }
  const replies = await repliesTo(c.var.db, found.obj);
  const m = postMetrics(found.obj.id, found.obj.createdAt, c.var.now);
  const metrics: Array<[string, number]> = [
    ["Views", m.views],
    ["Likes", m.likes],
    ["Comments", m.comments],
    ["Shares", m.shares],
  ];
  return c.html(
    page(
      `${found.platform} post by ${found.author}`,
      html`<h1>${found.platform} post</h1>
<p class="muted">by ${found.author} · <time datetime="${new Date(found.obj.createdAt).toISOString()}">${new Date(found.obj.createdAt).toUTCString()}</time></p>
<p class="text">${found.text}</p>
<dl>${metrics.map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>
${
  replies.length
    ? html`<section aria-label="Comments and replies"><h2>Comments and replies</h2><ol>${replies.map(
        (r) => html`<li><span class="muted">${r.author}</span><p class="text">${r.text}</p></li>`,
      )}</ol></section>`
    : ""
}
<p class="muted">Permalink on the real platform: ${permalink}</p>`,
    ),
  );
}
