import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../app";
import { LinkStore, trackLinks } from "../links";
import { directoryNames } from "../tenancy/public-names";
import { ORIGIN } from "../test/helpers";
import { dbOf, drizzleOf, registerIn, sendTo, threeShards } from "../test/shards";
import { createDb } from "./client";

/**
 * `/l/<code>` and `/bio/<handle>` are opened without a session: the directory's public names (ADR 093) find the
 * workspace's shard in one read, whichever of three databases holds the row.
 */
const three = threeShards();
/** New workspaces on the two shards that are not the directory. */
const apart = Object.create(env, { WORKSPACE_DBS: { value: "SHARD_B,SHARD_C" } }) as Env;

/** A public page through the Worker with these bindings: status, body and Location. */
async function open(bindings: Env, path: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": "Mozilla/5.0 Safari/605.1.15" } }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, text: await res.text(), location: res.headers.get("Location") };
}

const saveBio = (token: string, handle: string, title: string) =>
  sendTo(three, "/api/bio", { token, method: "PUT", body: { handle, title } });

describe("public names across shards", () => {
  it("each workspace's bio page answers from its shard; a handle is one workspace's across all of them", async () => {
    // Two apart from the directory, one wherever placement puts it.
    const people = [await registerIn(apart, "Ada"), await registerIn(apart, "Bo"), await registerIn(three, "Cy")];
    expect(await dbOf(people[0]!.workspaceId)).not.toBe(env.DB);
    const handles = people.map(() => `shop-${crypto.randomUUID().slice(0, 8)}`);
    for (const [i, p] of people.entries()) expect((await saveBio(p.token, handles[i]!, `Shop ${i}`)).status).toBe(200);
    for (const [i, handle] of handles.entries()) {
      const page = await open(three, `/bio/${handle}`);
      expect([page.status, page.text.includes(`Shop ${i}`)]).toEqual([200, true]);
    }

    // Another workspace, on another shard, cannot take a held handle; a renamed page gives its old one back.
    const taken = await saveBio(people[1]!.token, handles[0]!, "Mine");
    expect([taken.status, taken.body.message]).toEqual([409, "That handle is taken; please choose another"]);
    const renamed = `shop-${crypto.randomUUID().slice(0, 8)}`;
    expect((await saveBio(people[0]!.token, renamed, "Shop 0")).status).toBe(200);
    expect((await open(three, `/bio/${handles[0]}`)).status).toBe(404);
    expect((await saveBio(people[1]!.token, handles[0]!, "Mine")).status).toBe(200);
    expect((await open(three, `/bio/${handles[0]}`)).text).toContain("Mine");
    expect((await open(three, `/bio/${renamed}`)).text).toContain("Shop 0");
    expect((await open(three, "/bio/no-such-page")).status).toBe(404);
  });

  it("a short link made on a shard apart from the directory redirects from there", async () => {
    const { token, workspaceId } = await registerIn(apart, "Dee");
    const shard = await dbOf(workspaceId);
    expect(shard).not.toBe(env.DB);
    expect(
      (await sendTo(apart, "/api/links/settings", { token, method: "PUT", body: { enabled: true, utmCampaign: "x" } }))
        .status,
    ).toBe(200);
    const post = await sendTo(apart, "/api/posts", {
      token,
      body: { content: "Menu", platforms: ["mastodon"], status: "draft" },
    });
    const [accountId, targetId] = [crypto.randomUUID(), crypto.randomUUID()];
    await shard.batch([
      shard
        .prepare(
          "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES (?1, ?2, ?2, 'mastodon', ?1, 'm', 'M', 'person', 'enc')",
        )
        .bind(accountId, workspaceId),
      shard
        .prepare(
          "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status) VALUES (?, ?, ?, 'mastodon', ?, 'publishing')",
        )
        .bind(targetId, post.body.data.id, workspaceId, accountId),
    ]);
    // What the publish consumer does with the request before it goes out.
    const target = { id: targetId, postId: post.body.data.id as string, workspaceId, platform: "mastodon" as const };
    const out = await trackLinks(
      new LinkStore(await drizzleOf(workspaceId)),
      directoryNames(createDb(env.DB)),
      ORIGIN,
      target,
      { marker: targetId, text: "Menu: https://shop.example/menu", media: [] },
    );
    const code = out.text.match(/\/l\/(\w+)/)![1]!;
    const click = await open(apart, `/l/${code}`);
    expect([click.status, click.location]).toEqual([
      302,
      "https://shop.example/menu?utm_source=mastodon&utm_medium=social&utm_campaign=x",
    ]);
    expect((await open(apart, "/l/AAAAAAAAAA")).status).toBe(404);
  });
});
