import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { connectedAccounts } from "../db/schema/index";
import { insertPlaced, registerIn, sendTo, servicesOn, shardOf, threeShards } from "../test/shards";
import { hmacHex } from "./meta-webhook";

/**
 * One Meta delivery carrying many changes (Meta batches them) for Pages connected in workspaces on different
 * shards, one Page in two workspaces (an agency and its client): each item lands once in each workspace that has
 * the Page, the rules read it, and nothing is refused, however often Meta sends the delivery again.
 */
const HOOK = "/api/inbox/webhooks/meta";
const three = threeShards();
/** A sign-up placed on one shard: placement picks among the shards its bindings list. */
const on = (shard: string) => Object.create(env, { WORKSPACE_DBS: { value: shard } }) as Env;

const run = crypto.randomUUID().slice(0, 8);
const PAGE_SHARED = `page-shared-${run}`;
const PAGE_C = `page-c-${run}`;
const PAGE_A = `page-a-${run}`;
const IG_B = `ig-b-${run}`;

type Member = Awaited<ReturnType<typeof registerIn>>;
let a: Member;
let b: Member;
let c: Member;

const texts = async (m: Member) =>
  (
    (
      await sendTo(three, "/api/inbox?status=all&limit=100", {
        token: m.token,
        headers: { "X-Workspace-Id": m.workspaceId },
      })
    ).body.data.items as Array<{ text: string; labels: string[]; sentiment: string | null; kind: string }>
  ).filter((i) => i.text.includes(run));

async function deliver(body: object) {
  const signature = `sha256=${await hmacHex("sandbox-facebook-secret", JSON.stringify(body))}`;
  return sendTo(three, HOOK, { body, headers: { "X-Hub-Signature-256": signature } });
}

const comment = (page: string, id: string, message: string, from = { id: "visitor-1", name: "Vera Visitor" }) => ({
  field: "feed",
  value: { item: "comment", verb: "add", comment_id: `${run}-${id}`, post_id: `${page}_1`, message, from },
});

const pageDelivery = {
  object: "page",
  entry: [
    {
      id: PAGE_SHARED,
      time: 1_700_000_000,
      changes: [
        comment(PAGE_SHARED, "s1", `Shared one ${run}`),
        comment(PAGE_SHARED, "s2", `Shared two, do you ship? ${run}`),
        // A reaction is a feed change but not an item; the Page's own reply is not one either.
        { field: "feed", value: { item: "reaction", verb: "add", post_id: `${PAGE_SHARED}_1`, from: { id: "v" } } },
        comment(PAGE_SHARED, "s3", `The Page itself ${run}`, { id: PAGE_SHARED, name: "Shared Page" }),
      ],
    },
    {
      id: PAGE_C,
      time: 1_700_000_000,
      changes: [comment(PAGE_C, "c1", `On C one ${run}`), comment(PAGE_C, "c2", `On C two ${run}`)],
      messaging: [
        {
          sender: { id: "psid-77" },
          recipient: { id: PAGE_C },
          timestamp: 1_700_000_000_000,
          message: { mid: `${run}-m1`, text: `A message to C ${run}` },
        },
      ],
    },
    // The same comment twice in one delivery, and again in a later entry of it: Meta repeats itself.
    {
      id: PAGE_A,
      time: 1_700_000_000,
      changes: [comment(PAGE_A, "a1", `On A ${run}`), comment(PAGE_A, "a1", `On A ${run}`)],
    },
    {
      id: PAGE_A,
      time: 1_700_000_001,
      changes: [comment(PAGE_A, "a1", `On A ${run}`), comment(PAGE_A, "a2", `On A again ${run}`)],
    },
  ],
};

beforeAll(async () => {
  [a, b, c] = [
    await registerIn(on("DB"), "Ana"),
    await registerIn(on("SHARD_B"), "Ben"),
    await registerIn(on("SHARD_C"), "Cy"),
  ];
  expect(await Promise.all([a, b, c].map((m) => shardOf(m.workspaceId)))).toEqual(["DB", "SHARD_B", "SHARD_C"]);
  const account = (m: Member, platform: "facebook" | "instagram", page: string) => ({
    id: crypto.randomUUID(),
    workspaceId: m.workspaceId,
    userId: m.workspaceId,
    platform,
    platformUserId: page,
    username: `${page}-name`,
    displayName: page,
    accountType: platform === "facebook" ? "page" : "business",
    accessTokenEnc: "not-read-here",
    createdAt: Date.now(),
    updatedAt: Date.now(),
  });
  await insertPlaced(connectedAccounts, [
    account(a, "facebook", PAGE_SHARED),
    account(b, "facebook", PAGE_SHARED),
    account(c, "facebook", PAGE_C),
    account(a, "facebook", PAGE_A),
    account(b, "instagram", IG_B),
  ]);
  const rule = await sendTo(three, "/api/inbox/rules", {
    token: b.token,
    headers: { "X-Workspace-Id": b.workspaceId },
    body: { keyword: "ship", action: "label", value: "Shipping" },
  });
  expect(rule.status).toBe(201);
});

describe("a Meta delivery of many changes across Pages, workspaces and shards", () => {
  it("lands each comment and message once in every workspace that has the Page, and refuses nothing", async () => {
    const first = await deliver(pageDelivery);
    expect(first).toMatchObject({ status: 200, body: { success: true, data: { added: 9 } } });
    const shared = [`Shared one ${run}`, `Shared two, do you ship? ${run}`];
    expect((await texts(a)).map((i) => i.text).sort()).toEqual([...shared, `On A ${run}`, `On A again ${run}`].sort());
    expect((await texts(b)).map((i) => i.text).sort()).toEqual([...shared].sort());
    expect((await texts(c)).map((i) => i.text).sort()).toEqual(
      [`A message to C ${run}`, `On C one ${run}`, `On C two ${run}`].sort(),
    );
    // Read by the rules and the assistant with the delivery: B's keyword rule labelled its item, only in B.
    const inB = await texts(b);
    expect(inB.find((i) => i.text.startsWith("Shared two"))!.labels).toEqual(["shipping"]);
    expect(inB.find((i) => i.text.startsWith("Shared one"))!.labels).toEqual([]);
    expect((await texts(a)).every((i) => i.labels.length === 0 && i.sentiment !== null)).toBe(true);

    // Meta sends it all again (a lost answer): accepted, nothing new.
    const again = await deliver(pageDelivery);
    expect(again).toMatchObject({ status: 200, body: { success: true, data: { added: 0 } } });
    expect(await texts(a)).toHaveLength(4);
    expect(await texts(b)).toHaveLength(2);
    expect(await texts(c)).toHaveLength(3);
  });

  it("takes an Instagram delivery's comments for the workspace holding that account", async () => {
    const ig = {
      object: "instagram",
      entry: [
        {
          id: IG_B,
          time: 1_700_000_000,
          changes: [1, 2, 3].map((n) => ({
            field: "comments",
            value: {
              id: `${run}-ig${n}`,
              text: `Insta ${n} ${run}`,
              from: { id: `u${n}`, username: `u${n}` },
              media: { id: "m1" },
            },
          })),
        },
      ],
    };
    expect(await deliver(ig)).toMatchObject({ status: 200, body: { data: { added: 3 } } });
    expect(
      (await texts(b))
        .filter((i) => i.text.startsWith("Insta"))
        .map((i) => i.text)
        .sort(),
    ).toEqual([1, 2, 3].map((n) => `Insta ${n} ${run}`));
    expect((await texts(a)).some((i) => i.text.startsWith("Insta"))).toBe(false);
  });

  it("items stored before the answer but never triaged (a crash after the 200) are read by the cron's next run", async () => {
    const inbox = (await servicesOn(b.workspaceId)).inbox;
    // What the route does before answering, and nothing after it.
    const stored = await inbox.ingestDelivery(
      [
        {
          platform: "facebook",
          ownerId: PAGE_SHARED,
          remoteId: `${run}-crash`,
          postRemoteId: `${PAGE_SHARED}_1`,
          author: "Cleo Visitor",
          authorId: "visitor-9",
          text: `Left behind, will you ship? ${run}`,
          createdAt: 1_700_000_000_000,
        },
      ],
      [],
    );
    expect(stored).toEqual({ added: [expect.any(String)], held: 0 });
    const before = (await texts(b)).find((i) => i.text.startsWith("Left behind"))!;
    expect(before).toMatchObject({ sentiment: null, labels: [] });
    await inbox.triage(b.workspaceId);
    const after = (await texts(b)).find((i) => i.text.startsWith("Left behind"))!;
    expect(after.labels).toEqual(["shipping"]);
    expect(after.sentiment).not.toBeNull();
  });
});
