import { SELF } from "cloudflare:test";
import { AtpAgent, RichText } from "@atproto/api";
import { describe, expect, it } from "vitest";
import { mp4Bytes } from "../test/media-fixtures";
import { advanceEmulator } from "../test/oauth";
import { pngBytes, sandboxFetch } from "../test/platform-sandbox";
import { findFacets, toFacets } from "./bluesky-facets";

/**
 * The official SDK, @atproto/api, unchanged against the emulated PDS (its fetch is the sandbox's, which sends
 * bsky.social to the in-process emulator): login with an app password, upload a blob, post with the facets its
 * RichText detects (compared with ours), reply, read counts, delete; and a video through the video service
 * (app.bsky.video.*) with the service-auth tokens the PDS hands out, and its WebVTT captions.
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

  it("posts a video as the docs' tutorial does: service auth, upload limits, upload, job status, embed.video", async () => {
    const agent = new AtpAgent({ service: "https://bsky.social", fetch: sandboxFetch });
    await agent.login({ identifier: DEMO.handle, password: DEMO.appPassword });
    // The video service is called with a service-auth token of the PDS's, never with the session's.
    const videoService = (token: string) =>
      new AtpAgent({
        service: "https://video.bsky.app",
        fetch: sandboxFetch,
        headers: [["authorization", `Bearer ${token}`]],
      });
    const auth = (aud: string, lxm: string) =>
      agent.com.atproto.server.getServiceAuth({ aud, lxm }).then((r) => r.data.token);

    const limits = await videoService(
      await auth("did:web:video.bsky.app", "app.bsky.video.getUploadLimits"),
    ).app.bsky.video.getUploadLimits();
    expect(limits.data.canUpload).toBe(true);

    const bytes = await mp4Bytes({ width: 720, height: 1280, seconds: 1 });
    const unique = new Uint8Array([...bytes, ...new TextEncoder().encode(crypto.randomUUID())]);
    const upload = await videoService(
      await auth("did:web:bsky.social", "com.atproto.repo.uploadBlob"),
    ).app.bsky.video.uploadVideo(unique, { encoding: "video/mp4" });
    const reader = new AtpAgent({ service: "https://video.bsky.app", fetch: sandboxFetch });
    let status = upload.data.jobStatus;
    while (status.state !== "JOB_STATE_COMPLETED" && status.state !== "JOB_STATE_FAILED") {
      await advanceEmulator(2_000);
      status = (await reader.app.bsky.video.getJobStatus({ jobId: status.jobId })).data.jobStatus;
    }
    expect(status.blob?.mimeType).toBe("video/mp4");

    // Captions: a WebVTT blob per language (app.bsky.embed.video#caption).
    const vtt = new TextEncoder().encode("WEBVTT\n\n00:00.000 --> 00:01.000\nFold, turn, fold again.\n");
    const { data: caption } = await agent.uploadBlob(vtt, { encoding: "text/vtt" });
    const embed = (captions: unknown) => ({
      $type: "app.bsky.embed.video" as const,
      video: status.blob!,
      captions: captions as { lang: string; file: typeof caption.blob }[],
      alt: "Hands folding dough",
      aspectRatio: { width: 720, height: 1280 },
    });
    // The PDS holds the record to the lexicon: a caption's file is text/vtt, its lang a BCP 47 tag.
    await expect(agent.post({ text: "Wrong file", embed: embed([{ lang: "en", file: status.blob }]) })).rejects.toThrow(
      "Record/embed/captions/0/file has wrong type: video/mp4 (accepts text/vtt)",
    );
    await expect(
      agent.post({ text: "Wrong lang", embed: embed([{ lang: "english!", file: caption.blob }]) }),
    ).rejects.toThrow("Record/embed/captions/0/lang must be a well-formed BCP 47 language tag");

    const post = await agent.post({ text: "Shaping the loaves", embed: embed([{ lang: "en", file: caption.blob }]) });
    const written = await agent.getPost({ repo: agent.session!.did, rkey: post.uri.split("/").pop()! });
    expect(written.value.embed).toMatchObject({
      $type: "app.bsky.embed.video",
      alt: "Hands folding dough",
      captions: [{ lang: "en", file: { mimeType: "text/vtt", size: vtt.length } }],
    });
    // The AppView shows the post as written, captions and all.
    const { data: shown } = await agent.getPosts({ uris: [post.uri] });
    expect(shown.posts[0]!.record).toMatchObject({ embed: { captions: [{ lang: "en" }] } });
    await agent.deletePost(post.uri);
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
