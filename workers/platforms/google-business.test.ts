import { beforeEach, describe, expect, it } from "vitest";
import { advanceEmulator, armFault, setBusinessProfileQuota, startEmulatorWindow } from "../test/oauth";
import { clearFaults, consent, media, pngBytes, sandboxDeps, sandboxFetch } from "../test/platform-sandbox";
import { GoogleBusinessClient } from "./google-business";
import { NOT_APPROVED } from "./google-business-api";
import { type AccountCredentials, PlatformError, type PublishRequest } from "./types";

const REDIRECT = "http://localhost/api/auth/google_business/callback";
const client = new GoogleBusinessClient(sandboxDeps());
const VERIFIER = "g".repeat(20) + crypto.randomUUID();

async function connect(scope?: string) {
  const url = client.authorizeUrl({ state: "st", redirectUri: REDIRECT, codeVerifier: VERIFIER });
  if (scope) {
    // A consent that grants only `scope`, without carrying the person's earlier grants.
    url.searchParams.set("scope", scope);
    url.searchParams.delete("include_granted_scopes");
  }
  const back = await consent(url);
  const tokens = await client.exchangeCode({
    code: back.searchParams.get("code")!,
    redirectUri: REDIRECT,
    codeVerifier: VERIFIER,
  });
  return { url, tokens };
}

async function location(): Promise<AccountCredentials> {
  const { tokens } = await connect();
  const [first] = await client.accounts(tokens);
  return {
    platformUserId: first!.platformUserId,
    accessToken: tokens.accessToken,
    accountType: "location",
    metadata: first!.metadata ?? {},
  };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(PlatformError);
  return e as PlatformError;
}

/** The location's posts as Google lists them. */
async function postsOf(account: AccountCredentials) {
  const res = await sandboxFetch(
    `https://mybusiness.googleapis.com/v4/${String(account.metadata.parent)}/localPosts?pageSize=100`,
    { headers: { Authorization: `Bearer ${account.accessToken}` } },
  );
  expect(res.status).toBe(200);
  return (await res.json<{ localPosts?: Record<string, unknown>[] }>()).localPosts ?? [];
}

const unique = (s: string) => `${s} ${crypto.randomUUID().slice(0, 8)}`;
const request = (text: string, options: PublishRequest["options"] = {}): PublishRequest => ({
  marker: crypto.randomUUID(),
  text,
  media: [],
  options,
});

beforeEach(async () => {
  await clearFaults();
  await setBusinessProfileQuota(300);
  // A fresh minute: each test starts with the profile's 10 edits a minute unspent.
  await advanceEmulator(61_000);
});

describe("Google Business Profile client against the emulator", () => {
  it("asks Google for business.manage offline, and lists every location as its own channel", async () => {
    const { url, tokens } = await connect();
    expect(url.pathname).toBe("/sandbox/accounts.google.com/o/oauth2/v2/auth");
    // Google's consent names what the scope reaches.
    expect(await (await sandboxFetch(url)).text()).toContain(
      "Business Profile: 2 locations you manage (Postline Demo Kitchen (Mission St), Postline Demo Kitchen (Valencia St)).",
    );
    expect(url.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/business.manage");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(tokens.refreshToken).toBeTruthy();
    const locations = await client.accounts(tokens);
    expect(locations.map((l) => l.displayName)).toEqual([
      "Postline Demo Kitchen (Mission St)",
      "Postline Demo Kitchen (Valencia St)",
    ]);
    expect(locations[0]).toMatchObject({
      platformUserId: "locations/4211936457521003111",
      username: "2100 Mission St, San Francisco",
      accountType: "location",
      metadata: { parent: "accounts/108472935502761234/locations/4211936457521003111" },
    });
  });

  it("publishes a standard post with a button and a photo by URL, PROCESSING until Google has fetched it", async () => {
    const account = await location();
    const text = unique("Fresh bread every morning");
    const published = await client.publish(account, {
      ...request(text, {
        localPost: { topicType: "STANDARD", callToAction: { actionType: "ORDER", url: "https://shop.example/bread" } },
      }),
      media: [media("image", "image/png", pngBytes())],
    });
    expect(published.remoteId).toMatch(
      /^accounts\/108472935502761234\/locations\/4211936457521003111\/localPosts\/\d+$/,
    );
    expect(published.permalink).toContain("local.google.com");
    const [post] = await postsOf(account);
    expect(post).toMatchObject({
      summary: text,
      topicType: "STANDARD",
      state: "PROCESSING",
      callToAction: { actionType: "ORDER", url: "https://shop.example/bread" },
      media: [{ mediaFormat: "PHOTO", sourceUrl: "http://localhost/media/test" }],
    });
    await advanceEmulator(31_000);
    expect((await postsOf(account))[0]?.state).toBe("LIVE");
  });

  it("publishes an event and an offer with their dates, and a Call button without a link", async () => {
    const account = await location();
    const event = {
      title: "Winter tasting",
      startDate: "2031-01-10",
      startTime: "18:00",
      endDate: "2031-01-10",
      endTime: "21:30",
    };
    await client.publish(
      account,
      request(unique("Join us"), { localPost: { topicType: "EVENT", event, callToAction: { actionType: "CALL" } } }),
    );
    await client.publish(
      account,
      request(unique("10% off"), {
        localPost: {
          topicType: "OFFER",
          event,
          offer: { couponCode: "WINTER10", redeemOnlineUrl: "https://shop.example/w" },
        },
      }),
    );
    const [offer, ev] = await postsOf(account);
    expect(ev).toMatchObject({
      topicType: "EVENT",
      callToAction: { actionType: "CALL" },
      event: {
        title: "Winter tasting",
        schedule: {
          startDate: { year: 2031, month: 1, day: 10 },
          startTime: { hours: 18, minutes: 0 },
          endTime: { hours: 21, minutes: 30 },
        },
      },
    });
    expect(offer).toMatchObject({ topicType: "OFFER", offer: { couponCode: "WINTER10" }, state: "LIVE" });
  });

  it("shows Google's validation refusal with the field it names", async () => {
    const account = await location();
    const err = await failure(client.publish(account, request("x".repeat(1501))));
    expect(err.kind).toBe("permanent");
    expect(err.message).toBe(
      "Request contains an invalid argument. (summary: summary must be at most 1500 characters)",
    );
  });

  it("refuses the 11th edit in a minute with 429 RESOURCE_EXHAUSTED, retryable", async () => {
    const account = await location();
    // The quota counts per minute of the emulator's clock: start at a minute's start, so eleven edits made slowly
    // on a loaded machine do not straddle two minutes.
    await startEmulatorWindow(60_000);
    for (let i = 0; i < 10; i++) await client.publish(account, request(unique(`Post ${i}`)));
    const err = await failure(client.publish(account, request(unique("One too many"))));
    expect(err.kind).toBe("retryable");
    expect(err.details).toMatchObject({ status: 429, code: "RATE_LIMIT_EXCEEDED" });
    await advanceEmulator(60_000);
    await expect(client.publish(account, request(unique("Next minute")))).resolves.toHaveProperty("remoteId");
  });

  it("says plainly that Google has not approved the project when its quota is 0, at connect", async () => {
    const { tokens } = await connect();
    await setBusinessProfileQuota(0);
    const err = await failure(client.accounts(tokens));
    expect(err.kind).toBe("permanent");
    expect(err.message).toBe(NOT_APPROVED);
  });

  it("marks a post Google rejected as failed with the reason", async () => {
    const account = await location();
    const err = await failure(client.publish(account, request(unique("Call 415-555-0134 to book"))));
    expect(err.kind).toBe("permanent");
    expect(err.message).toContain("Google rejected this local post");
  });

  it("finds a post whose answer was lost by its text, and deletes it", async () => {
    const account = await location();
    const text = unique("Lost answer");
    const since = Date.now();
    await armFault("google_business", "drop", 1, { method: "POST", path: "/localPosts$" });
    const err = await failure(client.publish(account, request(text)));
    expect(err.details.outcomeUnknown).toBe(true);
    const found = await client.findPublished(account, "m", since, text);
    expect(found?.remoteId).toMatch(/localPosts\/\d+$/);
    expect(await client.findPublished(account, "m", since, unique("Never sent"))).toBeNull();
    await client.deletePost(account, found!.remoteId);
    expect((await postsOf(account)).some((p) => p.summary === text)).toBe(false);
  });

  it("reads the location's metrics from the Performance API; posts have none of their own", async () => {
    const account = await location();
    const metrics = await client.accountMetrics(account);
    expect(metrics.followers).toBe(0);
    expect(metrics.impressions).toBeGreaterThan(0);
    const { remoteId } = await client.publish(account, request(unique("Metrics")));
    expect(await client.postMetrics(account, remoteId)).toMatchObject({ impressions: 0, likes: 0 });
  });

  it("asks for business.manage again when the token lacks it", async () => {
    const { tokens } = await connect("openid");
    const err = await failure(client.accounts(tokens));
    expect(err.kind).toBe("auth");
    expect(err.details.denied).toEqual({ permission: "https://www.googleapis.com/auth/business.manage" });
  });
});
