import { beforeEach, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { advanceEmulator, armFault, connectViaEmulator } from "../test/oauth";
import { clearFaults, consent, media, mp4Bytes, pngBytes, sandboxDeps, sandboxFetch } from "../test/platform-sandbox";
import { LinkedInClient } from "./linkedin";
import { type AccountCredentials, PlatformError, type TokenSet } from "./types";

const REDIRECT = "http://localhost/api/auth/linkedin/callback";
const client = new LinkedInClient(sandboxDeps());

async function connect(choices = ["member", "10001"]) {
  const url = client.authorizeUrl({ state: "st-1", redirectUri: REDIRECT });
  const back = await consent(url, { choices });
  expect(back.searchParams.get("state")).toBe("st-1");
  const tokens = await client.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT });
  const accounts = await client.accounts(tokens);
  const creds = (type: string): AccountCredentials => {
    const a = accounts.find((x) => x.accountType === type);
    return {
      platformUserId: a?.platformUserId ?? "",
      accessToken: tokens.accessToken,
      accountType: type,
      metadata: a?.metadata ?? {},
    };
  };
  return { tokens, accounts, person: creds("person"), org: creds("organization") };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(PlatformError);
  return e as PlatformError;
}

let seq = 0;
const unique = (s: string) => `${s} #${++seq} ${crypto.randomUUID().slice(0, 6)}`;

beforeEach(async () => {
  await clearFaults();
});

describe("LinkedIn client against the emulator", () => {
  it("connects through the consent page: a person and the organizations chosen", async () => {
    const url = client.authorizeUrl({ state: "s", redirectUri: REDIRECT });
    expect(url.pathname).toBe("/sandbox/www.linkedin.com/oauth/v2/authorization");
    expect(url.searchParams.get("scope")).toContain("w_member_social");
    const { tokens, accounts } = await connect();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toContain("w_organization_social");
    expect(accounts.map((a) => [a.accountType, a.displayName])).toEqual([
      ["person", "Jordan Rivera"],
      ["organization", "Acme Coffee Co."],
    ]);
    expect(accounts[1]!.followerCount).toBeGreaterThan(0);
  });

  it("refuses a replayed code and a denied consent carries no code", async () => {
    const back = await consent(client.authorizeUrl({ state: "s", redirectUri: REDIRECT }), { choices: ["member"] });
    await client.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT });
    expect(
      (await failure(client.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT }))).kind,
    ).toBe("auth");
    const denied = await consent(client.authorizeUrl({ state: "s2", redirectUri: REDIRECT }), { decision: "deny" });
    expect(denied.searchParams.get("code")).toBeNull();
    expect(denied.searchParams.get("error")).toBeTruthy();
  });

  it("publishes text + image as a person and as an organization, then reads growing metrics", async () => {
    const { person, org } = await connect();
    const mine = await client.publish(person, {
      marker: "t1",
      text: unique("Hello (LinkedIn) @team"),
      media: [media("image", "image/png", pngBytes(), "a chart")],
    });
    expect(mine.remoteId).toMatch(/^urn:li:share:\d+$/);
    expect(mine.permalink).toBe(`https://www.linkedin.com/feed/update/${mine.remoteId}`);
    const theirs = await client.publish(org, {
      marker: "t2",
      text: unique("Company news"),
      media: [media("image", "image/png", pngBytes()), media("image", "image/png", pngBytes())],
    });
    await advanceEmulator(3 * 86_400_000);
    const personal = await client.postMetrics(person, mine.remoteId);
    const company = await client.postMetrics(org, theirs.remoteId);
    expect(personal.impressions).toBeGreaterThan(0);
    expect(personal.likes).toBeGreaterThan(0);
    expect(company.impressions).toBeGreaterThan(0);
    expect(company.clicks).toBeGreaterThan(0);
    // Every sample comment is due after three days; the list agrees with the count.
    expect((await client.comments(org, theirs.remoteId)).length).toBe(Math.min(company.comments, 25));
    expect((await client.accountMetrics(org)).followers).toBeGreaterThan(0);
    await client.deletePost(org, theirs.remoteId);
    expect((await failure(client.postMetrics(org, theirs.remoteId))).kind).toBe("permanent");
  });

  it("uploads a multi-part video to the returned URLs, finalizes and waits for AVAILABLE", async () => {
    const { org } = await connect();
    const res = await client.publish(org, {
      marker: "v",
      text: unique("Our video"),
      title: "Demo",
      media: [media("video", "video/mp4", mp4Bytes(5 * 1024 * 1024 + 10))],
    });
    expect(res.remoteId).toMatch(/^urn:li:ugcPost:\d+$/);
  });

  it("refreshes an expired token", async () => {
    const { tokens, person } = await connect(["member"]);
    await advanceEmulator(61 * 86_400_000);
    const expired = await failure(client.accounts(tokens));
    expect([expired.kind, expired.details.code]).toEqual(["auth", 65601]);
    const fresh: TokenSet = await client.refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    expect((await client.accounts(fresh))[0]!.platformUserId).toBe(person.platformUserId);
  });

  it("classifies faults and LinkedIn's refusals", async () => {
    const { person, org } = await connect();
    await armFault("linkedin", "429");
    const limited = await failure(client.publish(person, { marker: "x", text: unique("a"), media: [] }));
    expect([limited.kind, limited.details.retryAfterMs]).toEqual(["retryable", 60_000]);
    await armFault("linkedin", "500");
    expect((await failure(client.publish(person, { marker: "x", text: unique("b"), media: [] }))).kind).toBe(
      "retryable",
    );
    const long = await failure(client.publish(org, { marker: "x", text: "x".repeat(3001), media: [] }));
    expect([long.kind, long.message]).toEqual(["permanent", "/commentary: length 3001 exceeds the maximum of 3000"]);
    const text = unique("Twice");
    await client.publish(person, { marker: "x", text, media: [] });
    expect((await failure(client.publish(person, { marker: "x", text, media: [] }))).message).toMatch(/duplicate/);
  });

  it("settles a dropped answer by finding the organization's post", async () => {
    const { org } = await connect();
    const since = Date.now() - 1000;
    const text = unique("Dropped (answer)");
    await armFault("linkedin", "drop");
    const lost = await failure(client.publish(org, { marker: "m-1", text, media: [] }));
    expect([lost.kind, lost.details.outcomeUnknown]).toEqual(["retryable", true]);
    const found = await client.findPublished(org, "m-1", since, text);
    expect(found?.remoteId).toMatch(/^urn:li:share:/);
    expect(await client.findPublished(org, "m-2", since, unique("never posted"))).toBeNull();
  });

  it("requires the versioned REST headers", async () => {
    const { tokens } = await connect(["member"]);
    const res = await sandboxFetch("https://api.linkedin.com/rest/organizationAcls?q=roleAssignee", {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("VERSION_MISSING");
  });

  it("connects a member and a company through the app's own OAuth routes", async () => {
    const u = await registerUser();
    const run = await connectViaEmulator(u.cookie, "linkedin", { choices: ["member", "10002"] });
    expect(run.settings.searchParams.get("connected")).toBe("linkedin");
    const list = await call<"GET /api/auth/:platform/accounts">("/api/auth/linkedin/accounts", { cookie: u.cookie });
    expect(list.body.data.accounts.map((a: { displayName: string }) => a.displayName).sort()).toEqual([
      "Jordan Rivera",
      "Northwind Studio",
    ]);
  });
});
