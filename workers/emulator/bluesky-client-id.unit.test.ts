import { describe, expect, it } from "vitest";
import { loopbackClientMetadata, redirectAllowed } from "./bluesky-client-id";

describe("a loopback client_id's derived metadata", () => {
  it("takes its redirect URIs and scope from the query, with the spec's defaults", () => {
    const id = "http://localhost?redirect_uri=http%3A%2F%2F127.0.0.1%3A8787%2Fcb&scope=atproto+transition%3Ageneric";
    expect(loopbackClientMetadata(id)).toMatchObject({
      redirect_uris: ["http://127.0.0.1:8787/cb"],
      scope: "atproto transition:generic",
      token_endpoint_auth_method: "none",
      dpop_bound_access_tokens: true,
    });
    expect(loopbackClientMetadata("http://localhost")).toMatchObject({
      redirect_uris: ["http://127.0.0.1/", "http://[::1]/"],
      scope: "atproto",
    });
  });

  it("is not derived for a document URL, a port, a path or a redirect off the loopback", () => {
    expect(loopbackClientMetadata("http://localhost/api/auth/bluesky/client-metadata.json")).toBeNull();
    expect(loopbackClientMetadata("http://localhost:3000")).toBeNull();
    expect(loopbackClientMetadata("http://localhost?redirect_uri=http%3A%2F%2Flocalhost%2Fcb")).toBeNull();
    expect(loopbackClientMetadata("http://localhost?redirect_uri=https%3A%2F%2F127.0.0.1%2Fcb")).toBeNull();
    expect(loopbackClientMetadata("http://localhost?scope=a&scope=b")).toBeNull();
  });

  it("matches a loopback redirect whatever its port, any other exactly", () => {
    expect(redirectAllowed(["http://127.0.0.1/cb"], "http://127.0.0.1:54321/cb")).toBe(true);
    expect(redirectAllowed(["http://127.0.0.1/cb"], "http://127.0.0.1:54321/other")).toBe(false);
    expect(redirectAllowed(["https://app.example/cb"], "https://app.example:444/cb")).toBe(false);
  });
});
