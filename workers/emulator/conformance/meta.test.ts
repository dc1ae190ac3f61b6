import { describe, expect, it } from "vitest";
import { jpegBytes, mp4Bytes } from "../../test/media-fixtures";
import { mediaLinks } from "../../test/media-links";
import { newestGraphVersion } from "../versions";
import { advanceClock, armFault, consentCode, emu, form, multipart, REDIRECT } from "./sdk";

/** The version an SDK released today would call (it is served long after the clock moves on). */
const V = newestGraphVersion(Date.now());

/** Graph API (Pages, Instagram with Facebook Login) and Threads as the Meta SDKs call them (PLATFORMS.md §1–3, §10). */
const APP = { client_id: "sandbox-facebook-app", client_secret: "sandbox-facebook-secret" };
const PAGE = "20150000000000001";
const IG = "17841400000000001";
const FB_SCOPES = [
  "pages_show_list",
  "pages_read_engagement",
  "pages_manage_posts",
  "instagram_basic",
  "instagram_content_publish",
];

/** Facebook Login's consent for `app` (Meta remembers each app's permissions) → a short-lived user token. */
async function userToken(app: typeof APP, extra: Record<string, string> = {}, withhold: string[] = []) {
  const params = {
    client_id: app.client_id,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: FB_SCOPES.join(","),
    state: "st",
    ...extra,
  };
  const code = await consentCode("www.facebook.com", `/${V}/dialog/oauth`, params, { choice: PAGE, withhold });
  const short = await emu(
    "graph.facebook.com",
    `/${V}/oauth/access_token?${new URLSearchParams({ ...app, redirect_uri: REDIRECT, code })}`,
  );
  expect(short.status).toBe(200);
  return (await short.json<{ access_token: string; token_type: string; expires_in: number }>()).access_token;
}

/** Facebook Login → user token → the Page's token from /me/accounts. */
async function pageToken(withhold: string[] = [], app = APP) {
  const user = await userToken(app, {}, withhold);
  const accounts = await emu(
    "graph.facebook.com",
    `/${V}/me/accounts?fields=id,access_token,instagram_business_account&access_token=${user}`,
  );
  const page = (await accounts.json<any>()).data[0];
  expect(page).toMatchObject({ id: PAGE, instagram_business_account: { id: IG } });
  return page.access_token as string;
}

const graphError = (code: number) => ({
  error: {
    message: expect.any(String),
    type: "OAuthException",
    code,
    is_transient: expect.any(Boolean),
    fbtrace_id: expect.any(String),
  },
});

describe("Graph API conformance", () => {
  it("takes a Page photo as the multipart file part `source`", async () => {
    const token = await pageToken();
    const { body, contentType } = multipart("form-data", [
      { name: "caption", body: "From bytes" },
      { name: "access_token", body: token },
      { name: "source", filename: "photo.jpg", type: "image/jpeg", body: jpegBytes(1080, 1080) },
    ]);
    const res = await emu("graph.facebook.com", `/${V}/${PAGE}/photos`, {
      method: "POST",
      headers: { "Content-Type": contentType },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: expect.stringMatching(/^\d+$/),
      post_id: expect.stringMatching(new RegExp(`^${PAGE}_\\d+$`)),
    });
  });

  it("refuses a Page post without pages_manage_posts: (#200), and an Instagram container without instagram_content_publish: (#10)", async () => {
    // Another app: a declined permission stays declined for the app that asked (the next test).
    const token = await pageToken(["pages_manage_posts", "instagram_content_publish"], {
      client_id: "conformance-declined-app",
      client_secret: "any",
    });
    const post = await emu("graph.facebook.com", `/${V}/${PAGE}/feed`, form({ message: "hi", access_token: token }));
    expect(post.status).toBe(403);
    const body = await post.json<any>();
    expect(body).toEqual(graphError(200));
    expect(body.error.message).toContain("pages_manage_posts");
    const container = await emu(
      "graph.facebook.com",
      `/${V}/${IG}/media`,
      form({ image_url: "https://example.com/a.jpg", access_token: token }),
    );
    expect(container.status).toBe(403);
    expect(await container.json()).toEqual(graphError(10));
  });

  it("offers a declined permission again only with auth_type=rerequest, and the new token keeps what was granted before", async () => {
    const app = { client_id: "conformance-rerequest-app", client_secret: "any" };
    const permissions = async (token: string) =>
      (
        await (
          await emu("graph.facebook.com", `/${V}/me/permissions?access_token=${token}`)
        ).json<{
          data: Array<{ permission: string; status: string }>;
        }>()
      ).data;
    const first = await userToken(app, {}, ["pages_manage_posts"]);
    expect(await permissions(first)).toContainEqual({ permission: "pages_manage_posts", status: "declined" });

    // Asked again without rerequest: the dialog does not offer it, and the token still lacks it.
    const again = `/${V}/dialog/oauth?${new URLSearchParams({ client_id: app.client_id, redirect_uri: REDIRECT, response_type: "code", scope: FB_SCOPES.join(",") })}`;
    const plain = await (await emu("www.facebook.com", again)).text();
    expect(plain).not.toContain('value="pages_manage_posts"');
    expect(plain).toContain("auth_type=rerequest");
    expect(await permissions(await userToken(app))).toContainEqual({
      permission: "pages_manage_posts",
      status: "declined",
    });

    // With rerequest and just the missing permission: offered ticked, and the token has it and everything before.
    const rerequest = { scope: "pages_manage_posts", auth_type: "rerequest" };
    const asked = await (
      await emu("www.facebook.com", `${again.replace(/scope=[^&]+/, "")}&${new URLSearchParams(rerequest)}`)
    ).text();
    expect(asked).toContain('value="pages_manage_posts" checked');
    const granted = (await permissions(await userToken(app, rerequest))).filter((p) => p.status === "granted");
    expect(granted.map((p) => p.permission).sort()).toEqual([...FB_SCOPES].sort());
  });

  it("names the version that answered; a retired one is answered by a usable version, an unknown one refused", async () => {
    const token = await pageToken();
    const current = await emu("graph.facebook.com", `/${V}/${PAGE}?fields=id&access_token=${token}`);
    expect(current.headers.get("facebook-api-version")).toBe(V);
    const retired = await emu("graph.facebook.com", `/v2.0/${PAGE}?fields=id&access_token=${token}`);
    expect(retired.status).toBe(200);
    expect(await retired.json()).toEqual({ id: PAGE });
    expect(retired.headers.get("facebook-api-version")).toMatch(/^v\d+\.0$/);
    expect(retired.headers.get("facebook-api-version")).not.toBe("v2.0");
    const unknown = await emu("graph.facebook.com", `/v99.0/${PAGE}?fields=id&access_token=${token}`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: { type: "OAuthException", code: 2500, message: `Unknown path components: /v99.0/${PAGE}` },
    });
  });

  it("answers 429 and 5xx in the Graph error shape with the usage headers", async () => {
    const token = await pageToken();
    await armFault("facebook", "429");
    const limited = await emu("graph.facebook.com", `/${V}/${PAGE}?fields=id&access_token=${token}`);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { ...graphError(4).error, error_subcode: expect.any(Number), is_transient: true },
    });
    expect(JSON.parse(limited.headers.get("X-App-Usage")!)).toMatchObject({ call_count: 100 });
    expect(Object.values(JSON.parse(limited.headers.get("X-Business-Use-Case-Usage")!))[0]).toEqual([
      expect.objectContaining({ type: "pages", estimated_time_to_regain_access: expect.any(Number) }),
    ]);
    await armFault("facebook", "500");
    const down = await emu("graph.facebook.com", `/${V}/${PAGE}?fields=id&access_token=${token}`);
    expect(down.status).toBe(500);
    expect(await down.json()).toMatchObject({
      error: { type: "OAuthException", code: 2, is_transient: true, fbtrace_id: expect.any(String) },
    });
  });
});

describe("media by URL is downloaded (the app's signed links, through the app)", () => {
  it("Instagram: a fetchable JPEG makes a FINISHED container; an expired, foreign or non-JPEG link is refused; a video's failure is the container's ERROR status", async () => {
    const links = await mediaLinks({
      photo: { bytes: jpegBytes(1080, 1080), name: "photo.jpg" },
      clip: { bytes: await mp4Bytes({ width: 720, height: 1280, seconds: 3 }), name: "clip.mp4" },
    });
    const token = await pageToken();
    const container = (params: Record<string, string>) =>
      emu("graph.facebook.com", `/${V}/${IG}/media`, form({ ...params, access_token: token }));
    const status = async (id: string) =>
      (await emu("graph.facebook.com", `/${V}/${id}?fields=status_code,status&access_token=${token}`)).json<any>();

    const ok = await container({ image_url: links.urls.photo });
    expect(ok.status).toBe(200);
    expect((await status((await ok.json<{ id: string }>()).id)).status_code).toBe("FINISHED");

    for (const url of [await links.expiredUrl("photo"), "https://cdn.example.com/photo.jpg"]) {
      const refused = await container({ image_url: url });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: {
          ...graphError(9004).error,
          message: "Only photo or video can be accepted as media type.",
          error_subcode: 2207052,
          error_user_title: "Media download has failed",
          error_user_msg: `The media could not be fetched from this uri: ${url}`,
        },
      });
    }
    const notJpeg = await container({ image_url: links.urls.clip });
    expect((await notJpeg.json<any>()).error).toMatchObject({
      code: 9004,
      error_user_title: "Unsupported image format",
    });

    const reel = await container({ media_type: "REELS", video_url: await links.expiredUrl("clip") });
    expect(reel.status).toBe(200);
    expect(await status((await reel.json<{ id: string }>()).id)).toMatchObject({
      status_code: "ERROR",
      status: expect.stringContaining("(2207052)"),
    });
  });

  it("Facebook photo by url: an expired link is (#324); Threads: an image link fails at creation (1/2207052), a video's at processing", async () => {
    const links = await mediaLinks({
      photo: { bytes: jpegBytes(1080, 1080), name: "photo.jpg" },
      clip: { bytes: await mp4Bytes({ width: 720, height: 1280, seconds: 3 }), name: "clip.mp4" },
    });
    const token = await pageToken();
    const photo = (url: string) =>
      emu("graph.facebook.com", `/${V}/${PAGE}/photos`, form({ url, caption: "by url", access_token: token }));
    const ok = await photo(links.urls.photo);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      id: expect.any(String),
      post_id: expect.stringMatching(new RegExp(`^${PAGE}_`)),
    });
    const stale = await photo(await links.expiredUrl("photo"));
    expect(stale.status).toBe(400);
    expect(await stale.json()).toEqual({
      error: { ...graphError(324).error, message: "(#324) Missing or invalid image file" },
    });
    // A Page video by file_url is downloaded too: judged by its bytes, not by the link.
    const pageVideo = (file_url: string) =>
      emu("graph.facebook.com", `/${V}/${PAGE}/videos`, form({ file_url, description: "by url", access_token: token }));
    const clip = await pageVideo(links.urls.clip);
    expect(clip.status).toBe(200);
    expect(await clip.json()).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const unreachable = await pageVideo(await links.expiredUrl("clip"));
    expect(await unreachable.json()).toEqual({
      error: { ...graphError(389).error, message: "(#389) Unable to fetch video file from URL." },
    });
    const notVideo = await pageVideo(links.urls.photo);
    expect([notVideo.status, (await notVideo.json<any>()).error.code]).toEqual([400, 352]);

    const threads = await threadsToken();
    const create = (params: Record<string, string>) =>
      emu("graph.threads.net", "/v1.0/me/threads", form({ ...params, access_token: threads }));
    const image = await create({ media_type: "IMAGE", image_url: await links.expiredUrl("photo") });
    expect(image.status).toBe(400);
    expect((await image.json<any>()).error).toMatchObject({
      message: "The media could not be fetched from this URI",
      code: 1,
      error_subcode: 2207052,
    });
    const video = await create({ media_type: "VIDEO", video_url: await links.expiredUrl("clip") });
    expect(video.status).toBe(200);
    const { id } = await video.json<{ id: string }>();
    const read = await emu("graph.threads.net", `/v1.0/${id}?fields=id,status,error_message&access_token=${threads}`);
    expect(await read.json()).toEqual({ id, status: "ERROR", error_message: "FAILED_DOWNLOADING_VIDEO" });
  });
});

async function threadsToken(withhold: string[] = [], scope = "threads_basic,threads_content_publish") {
  const params = {
    client_id: "sandbox-threads-app",
    redirect_uri: REDIRECT,
    response_type: "code",
    scope,
    state: "st",
  };
  const code = await consentCode("threads.net", "/oauth/authorize", params, {
    choice: "25000000000000001",
    withhold,
  });
  const res = await emu(
    "graph.threads.net",
    "/oauth/access_token",
    form({
      client_id: "sandbox-threads-app",
      client_secret: "sandbox-threads-secret",
      grant_type: "authorization_code",
      redirect_uri: REDIRECT,
      code,
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json<{ access_token: string }>()).access_token;
}

describe("Threads conformance", () => {
  it("creates a text container with threads_content_publish and refuses one without it", async () => {
    const ok = await emu(
      "graph.threads.net",
      "/v1.0/me/threads",
      form({ media_type: "TEXT", text: "hello", access_token: await threadsToken() }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const refused = await emu(
      "graph.threads.net",
      "/v1.0/me/threads",
      form({ media_type: "TEXT", text: "hello", access_token: await threadsToken(["threads_content_publish"]) }),
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(graphError(10));
  });

  it("creates a reply container only with threads_manage_replies, and only to a post that exists", async () => {
    const token = await threadsToken([], "threads_basic,threads_content_publish,threads_manage_replies");
    const reply = (access_token: string, reply_to_id: string) =>
      emu("graph.threads.net", "/v1.0/me/threads", form({ media_type: "TEXT", text: "re", reply_to_id, access_token }));
    const unknown = await reply(token, "999");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 24, error_subcode: 4279009 } });
    const refused = await reply(await threadsToken(), "999");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(graphError(10));
  });
});

describe("made ahead, published later (what staging relies on)", () => {
  const HOUR = 3_600_000;

  it("Instagram: a video container processes on the clock, is refused before FINISHED, expires after 24 h and then cannot be published", async () => {
    const links = await mediaLinks({
      photo: { bytes: jpegBytes(1080, 1080), name: "photo.jpg" },
      clip: { bytes: await mp4Bytes({ width: 720, height: 1280, seconds: 3 }), name: "clip.mp4" },
    });
    // Tokens are short-lived here: a day later a new one is fetched.
    let token = await pageToken();
    const create = async (params: Record<string, string>) =>
      (
        await (
          await emu("graph.facebook.com", `/${V}/${IG}/media`, form({ ...params, access_token: token }))
        ).json<{
          id: string;
        }>()
      ).id;
    const status = async (id: string) =>
      (await (await emu("graph.facebook.com", `/${V}/${id}?fields=status_code&access_token=${token}`)).json<any>())
        .status_code;
    const publish = (creation_id: string) =>
      emu("graph.facebook.com", `/${V}/${IG}/media_publish`, form({ creation_id, access_token: token }));

    const reel = await create({ media_type: "REELS", video_url: links.urls.clip, caption: "later" });
    expect(await status(reel)).toBe("IN_PROGRESS");
    const early = await publish(reel);
    expect(early.status).toBe(400);
    expect((await early.json<any>()).error).toMatchObject({ code: 9007, error_subcode: 2207027 });
    await advanceClock(31_000);
    expect(await status(reel)).toBe("FINISHED");

    const image = await create({ image_url: links.urls.photo, caption: "a day later" });
    await advanceClock(24 * HOUR + 1000);
    token = await pageToken();
    expect(await status(image)).toBe("EXPIRED");
    const expired = await publish(image);
    expect(expired.status).toBe(400);
    expect((await expired.json<any>()).error).toMatchObject({ code: -2, error_subcode: 2207020 });

    // A container publishes once: the second call is refused and the container says PUBLISHED.
    const fresh = await create({ image_url: links.urls.photo, caption: "once" });
    expect((await publish(fresh)).status).toBe(200);
    expect(await status(fresh)).toBe("PUBLISHED");
    expect((await publish(fresh)).status).toBe(400);
  });

  it("Threads: a container older than 24 h is EXPIRED and threads_publish refuses it", async () => {
    const made = await emu(
      "graph.threads.net",
      "/v1.0/me/threads",
      form({ media_type: "TEXT", text: "old", access_token: await threadsToken() }),
    );
    const { id } = await made.json<{ id: string }>();
    await advanceClock(24 * HOUR + 1000);
    const token = await threadsToken();
    const read = await emu("graph.threads.net", `/v1.0/${id}?fields=id,status&access_token=${token}`);
    expect(await read.json()).toEqual({ id, status: "EXPIRED" });
    const refused = await emu(
      "graph.threads.net",
      "/v1.0/me/threads_publish",
      form({ creation_id: id, access_token: token }),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json<any>()).error).toMatchObject({ code: 24, error_subcode: 4279009 });
  });

  it("Facebook: unpublished photos and videos stay off the Page until attached or published, and can be deleted", async () => {
    const links = await mediaLinks({
      photo: { bytes: jpegBytes(1080, 1080), name: "photo.jpg" },
      clip: { bytes: await mp4Bytes({ width: 720, height: 1280, seconds: 3 }), name: "clip.mp4" },
    });
    const token = await pageToken();
    const graph = (path: string, init?: RequestInit) => emu("graph.facebook.com", `/${V}/${path}`, init);
    const json = async (res: Promise<Response>) => (await res).json<any>();
    const feed = async () =>
      (await json(graph(`${PAGE}/posts?fields=id,message&access_token=${token}`))).data.map((p: any) => p.message);

    const photos: string[] = [];
    for (const _ of [1, 2]) {
      const res = await json(
        graph(`${PAGE}/photos`, form({ url: links.urls.photo, published: "false", access_token: token })),
      );
      expect(res).toEqual({ id: expect.stringMatching(/^\d+$/) });
      photos.push(res.id);
    }
    const video = await json(
      graph(
        `${PAGE}/videos`,
        form({ file_url: links.urls.clip, description: "clip later", published: "false", access_token: token }),
      ),
    );
    expect(video).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(await feed()).not.toContain("clip later");
    expect(await json(graph(`${video.id}?fields=published,status&access_token=${token}`))).toEqual({
      id: video.id,
      published: false,
      status: { video_status: "processing" },
    });
    await advanceClock(31_000);
    expect((await json(graph(`${video.id}?fields=status&access_token=${token}`))).status).toEqual({
      video_status: "ready",
    });
    expect(await json(graph(`${photos[0]}?fields=page_story_id&access_token=${token}`))).toEqual({ id: photos[0] });

    const post = await json(
      graph(
        `${PAGE}/feed`,
        form({
          message: "two photos",
          attached_media: JSON.stringify(photos.map((media_fbid) => ({ media_fbid }))),
          access_token: token,
        }),
      ),
    );
    expect(await json(graph(`${photos[1]}?fields=page_story_id&access_token=${token}`))).toEqual({
      id: photos[1],
      page_story_id: post.id,
    });
    expect(
      await json(graph(video.id, form({ published: "true", description: "clip now", access_token: token }))),
    ).toEqual({
      success: true,
    });
    expect(await feed()).toEqual(expect.arrayContaining(["two photos", "clip now"]));
    expect((await json(graph(`${video.id}?fields=published&access_token=${token}`))).published).toBe(true);

    // Deleting what was never published: gone afterwards (#100).
    const spare = await json(
      graph(`${PAGE}/photos`, form({ url: links.urls.photo, published: "false", access_token: token })),
    );
    expect(await json(graph(`${spare.id}?access_token=${token}`, { method: "DELETE" }))).toEqual({ success: true });
    const gone = await graph(`${spare.id}?fields=id&access_token=${token}`);
    expect([gone.status, (await gone.json<any>()).error.code]).toEqual([400, 100]);
  });
});
