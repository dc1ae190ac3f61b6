import { describe, expect, it } from "vitest";
import { platformCredentials } from "../env";
import { createPlatformRegistry } from "./registry";
import { resolveEndpoints } from "./resolve-endpoints";

/** A reconnect for a missing permission asks for it the way each platform's consent allows (issue 14). */
const registry = createPlatformRegistry({
  endpoints: resolveEndpoints({}, "live", "https://app.example", Date.now()),
  fetch: () => Promise.reject(new Error("no network in a unit test")),
  credentials: platformCredentials({}, true),
  now: () => 0,
  sleep: async () => {},
});
const base = { state: "s", redirectUri: "https://app.example/api/auth/x/callback", codeVerifier: "v".repeat(48) };
const scopesOf = (url: URL) => url.searchParams.get("scope")!.split(/[ ,]/);

describe("reconnect consent URLs", () => {
  it("Meta (Facebook Login, Instagram through it) re-asks just the missing permission with auth_type=rerequest", () => {
    const fb = registry.facebook!.authorizeUrl({ ...base, reconnect: { missing: ["pages_manage_posts"] } });
    expect([fb.searchParams.get("scope"), fb.searchParams.get("auth_type")]).toEqual([
      "pages_manage_posts",
      "rerequest",
    ]);
    const ig = registry.instagram!.authorizeUrl({
      ...base,
      variant: "facebook",
      reconnect: { missing: ["instagram_content_publish"] },
    });
    expect([ig.searchParams.get("scope"), ig.searchParams.get("auth_type")]).toEqual([
      "instagram_content_publish",
      "rerequest",
    ]);
    // No named permission: the full list, still rerequested; a first connect has no auth_type.
    const unknown = registry.facebook!.authorizeUrl({ ...base, reconnect: { missing: [] } });
    expect(scopesOf(unknown)).toContain("pages_manage_posts");
    expect(unknown.searchParams.get("auth_type")).toBe("rerequest");
    expect(registry.facebook!.authorizeUrl(base).searchParams.has("auth_type")).toBe(false);
  });

  it("Google asks for the missing scope alone with include_granted_scopes=true, keeping offline access", () => {
    const upload = "https://www.googleapis.com/auth/youtube.upload";
    const url = registry.youtube!.authorizeUrl({ ...base, reconnect: { missing: [upload] } });
    expect(url.searchParams.get("scope")).toBe(upload);
    expect(url.searchParams.get("include_granted_scopes")).toBe("true");
    expect(url.searchParams.get("access_type")).toBe("offline");
  });

  it.each([
    ["linkedin", "w_member_social", undefined],
    ["twitter", "tweet.write", undefined],
    ["threads", "threads_content_publish", undefined],
    ["instagram", "instagram_business_content_publish", "instagram-only"],
  ] as const)("%s has no incremental consent: the full scope list, %s included", (platform, missing, variant) => {
    const url = registry[platform]!.authorizeUrl({ ...base, variant, reconnect: { missing: [missing] } });
    expect(scopesOf(url)).toContain(missing);
    expect(scopesOf(url).length).toBeGreaterThan(2);
    expect(url.searchParams.has("auth_type")).toBe(false);
  });
});
