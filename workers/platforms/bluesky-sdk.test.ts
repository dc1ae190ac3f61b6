import { SELF } from "cloudflare:test";
import { AtpAgent, RichText } from "@atproto/api";
import { describe, expect, it } from "vitest";
import { pngBytes, sandboxFetch } from "../test/platform-sandbox";
import { findFacets, toFacets } from "./bluesky-facets";

/**
 * The official SDK, @atproto/api, unchanged against the emulated PDS (its fetch is the sandbox's, which sends
 * bsky.social to the in-process emulator): login with an app password, upload a blob, post with the facets its
 * RichText detects (compared with ours), reply, read counts, delete.
 */
const DEMO = { handle: "postline-demo.bsky.social", appPassword: "pstl-demo-bsky-apps" };

describe("@atproto/api against the emulator", () => {
  it("logs in, uploads, posts with facets equal to ours, replies, reads counts and deletes", async () => {
    const agent = new AtpAgent({ service: "https://bsky.social", fetch: sandboxFetch });
    await agent.login({ identifier: DEMO.handle, password: DEMO.appPassword });
    expect(agent.session?.did).toBe("did:plc:pstlndemo2kitchen3bakery");

    const text = `✨ Bake day with @jordan.bsky.social: https://example.com/bread #sourdough ${crypto.randomUUID().slice(0, 6)}`;
    const rt = new RichText({ text });
    await rt.detectFacets(agent);
    const theirs = (rt.facets ?? []).map((f) => ({
      index: f.index,
      features: f.features.map(({ $type, ...rest }) => ({ $type, ...rest })),
    }));
    const ours = toFacets(findFacets(text), (h) =>
      h === "jordan.bsky.social" ? "did:plc:jrdnrvera4friend5mention" : null,
    );
    expect(ours).toEqual(theirs);

    const { data: upload } = await agent.uploadBlob(pngBytes(), { encoding: "image/png" });
    const post = await agent.post({
      text: rt.text,
      facets: rt.facets,
      embed: { $type: "app.bsky.embed.images", images: [{ image: upload.blob, alt: "A loaf" }] },
    });
    expect(post.uri).toMatch(/^at:\/\/did:plc:pstlndemo2kitchen3bakery\/app\.bsky\.feed\.post\/[2-7a-j][2-7a-z]{12}$/);
    const reply = await agent.post({
      text: "and the crumb",
      reply: { root: { uri: post.uri, cid: post.cid }, parent: { uri: post.uri, cid: post.cid } },
    });

    const { data } = await agent.getPosts({ uris: [post.uri, reply.uri] });
    expect(data.posts.map((p) => p.uri)).toEqual([post.uri, reply.uri]);
    expect(data.posts[0]!.replyCount).toBeGreaterThanOrEqual(1);
    expect(typeof data.posts[0]!.likeCount).toBe("number");

    await agent.deletePost(reply.uri);
    await agent.deletePost(post.uri);
    expect((await agent.getPosts({ uris: [post.uri] })).data.posts).toEqual([]);
  });
  it("reads the account's reply and mention notifications with the SDK, and likes one", async () => {
    const agent = new AtpAgent({ service: "https://bsky.social", fetch: sandboxFetch });
    await agent.login({ identifier: DEMO.handle, password: DEMO.appPassword });
    const text = `Hello @${DEMO.handle} from the SDK test ${crypto.randomUUID().slice(0, 6)}`;
    const res = await SELF.fetch("http://localhost/sandbox/comments", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ platform: "bluesky", author: "Sdk Reader", text }),
    });
    expect(res.status).toBe(201);
    const { data } = await agent.listNotifications({ limit: 100 });
    const mention = data.notifications.find((n) => (n.record as { text?: string }).text === text)!;
    expect(mention).toMatchObject({ reason: "mention", author: { handle: "sdk-reader.bsky.social" }, isRead: false });
    const like = await agent.like(mention.uri, mention.cid);
    expect(like.uri).toMatch(/\/app\.bsky\.feed\.like\//);
    await agent.deleteLike(like.uri);
  });
});
