import { SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, ORIGIN, registerUser, settledPost, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";

type User = Awaited<ReturnType<typeof registerUser>>;

const addLabel = (u: User, body: Record<string, unknown>) =>
  call<"POST /api/labels">("/api/labels", { token: u.token, body });
const setLabels = (u: User, postId: string, labelIds: string[]) =>
  call<"PUT /api/posts/:id/labels">(`/api/posts/${postId}/labels`, {
    token: u.token,
    method: "PUT",
    body: { labelIds },
  });
const listed = async (u: User, label: string) =>
  (await call<"GET /api/posts">(`/api/posts?label=${label}`, { token: u.token })).body.data.posts.map((p) => p._id);

async function draft(u: User, content: string) {
  const account = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts[0]!;
  const res = await call<"POST /api/posts">("/api/posts", {
    token: u.token,
    body: { content, platforms: ["mastodon"], selectedAccounts: { mastodon: [account._id] }, status: "draft" },
  });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

describe("labels", () => {
  it("are named once per workspace whatever the case, with a #rrggbb colour", async () => {
    const u = await registerUser();
    const spring = await addLabel(u, { name: "Spring", color: "#2F855A" });
    expect([spring.status, spring.body.message]).toEqual([201, "Label added: put it on posts from the composer"]);
    expect(spring.body.data).toMatchObject({ name: "Spring", color: "#2f855a" });
    const again = await addLabel(u, { name: "SPRING", color: "#000000" });
    expect([again.status, again.body.message]).toEqual([409, 'There is already a label called "SPRING"']);
    const badColour = await addLabel(u, { name: "Tips", color: "green" });
    expect([badColour.status, badColour.body.message]).toEqual([400, "A label's colour must be written as #rrggbb"]);
    const tips = await addLabel(u, { name: "Tips", color: "#2b6cb0" });
    const renamed = await call<"PATCH /api/labels/:id">(`/api/labels/${tips.body.data.id}`, {
      token: u.token,
      method: "PATCH",
      body: { name: "spring" },
    });
    expect([renamed.status, renamed.body.message]).toEqual([409, 'There is already a label called "spring"']);
    const all = (await call<"GET /api/labels">("/api/labels", { token: u.token })).body.data.labels;
    expect(all.map((l) => l.name)).toEqual(["Spring", "Tips"]);
    const other = await registerUser();
    expect((await call<"GET /api/labels">("/api/labels", { token: other.token })).body.data.labels).toEqual([]);
  });

  it("go on posts, several each, and filter the posts list; removing a label takes it off its posts", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "mastodon");
    const spring = (await addLabel(u, { name: "Spring", color: "#2f855a" })).body.data.id;
    const tips = (await addLabel(u, { name: "Tips", color: "#2b6cb0" })).body.data.id;
    const both = await draft(u, "Spring tips");
    const onlyTips = await draft(u, "Just a tip");
    await draft(u, "Nothing");
    const put = await setLabels(u, both, [tips, spring, spring]);
    expect([put.status, put.body.message]).toEqual([200, "The post's labels are saved"]);
    expect(put.body.data.labels.map((l) => l.name)).toEqual(["Spring", "Tips"]);
    await setLabels(u, onlyTips, [tips]);
    expect(await listed(u, spring)).toEqual([both]);
    expect((await listed(u, tips)).sort()).toEqual([both, onlyTips].sort());

    const other = await registerUser();
    const foreign = (await addLabel(other, { name: "Theirs", color: "#000000" })).body.data.id;
    const refused = await setLabels(u, both, [foreign]);
    expect([refused.status, refused.body.message]).toEqual([400, "Choose labels of this workspace"]);
    expect((await setLabels(other, both, [foreign])).status).toBe(404);

    await call(`/api/labels/${spring}`, { token: u.token, method: "DELETE" });
    const left = await call<"GET /api/posts/:id/labels">(`/api/posts/${both}/labels`, { token: u.token });
    expect(left.body.data.labels.map((l) => l.name)).toEqual(["Tips"]);
  });
});

describe("a campaign", () => {
  it("tags its posts' links with its name and reports their posts and clicks", { timeout: 30_000 }, async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "linkedin");
    const account = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts[0]!;
    await call<"PUT /api/links/settings">("/api/links/settings", {
      token: u.token,
      method: "PUT",
      body: { enabled: true },
    });
    const launch = (await addLabel(u, { name: "Launch week", color: "#c53030" })).body.data.id;
    const quiet = (await addLabel(u, { name: "Quiet", color: "#4a5568" })).body.data.id;
    const created = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: "We are open: https://shop.example/opening",
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [account._id] },
        images: [await uploadImage(u.token)],
        status: "draft",
      },
    });
    const postId = created.body.data._id as string;
    await setLabels(u, postId, [launch]);
    await call(`/api/posts/${postId}/publish`, { token: u.token, method: "POST" });
    expect((await settledPost(u.token, postId)).status).toBe("published");

    const [link] = (await call<"GET /api/links">(`/api/links?postId=${postId}`, { token: u.token })).body.data.links;
    expect(link!.destination).toBe(
      "https://shop.example/opening?utm_source=linkedin&utm_medium=social&utm_campaign=Launch+week",
    );
    const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
    const res = await SELF.fetch(`${ORIGIN}/l/${link!.code}`, {
      headers: { "User-Agent": browser },
      redirect: "manual",
    });
    expect(res.status).toBe(302);

    const report = await vi.waitFor(async () => {
      const r = await call<"GET /api/labels/report">("/api/labels/report", { token: u.token });
      if (r.body.data.campaigns.find((c) => c.id === launch)?.clicks !== 1) throw new Error("click not counted yet");
      return r.body.data;
    });
    expect(report.campaigns.map((c) => [c.name, c.posts, c.published, c.clicks])).toEqual([
      ["Launch week", 1, 1, 1],
      ["Quiet", 0, 0, 0],
    ]);
    expect(report.campaigns.find((c) => c.id === quiet)).toMatchObject({ impressions: 0, engagement: 0 });
  });
});
