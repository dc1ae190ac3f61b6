import { describe, expect, it } from "vitest";
import { RecentLinks, serveShortLink } from "./redirect";
import type { LinkStore } from "./store";

const BROWSER = { "User-Agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Version/17.5 Safari/605.1.15" };
const CODE = "AbCdEfGh12";

/** A link store that records its reads and counts, whose count waits until `release` is called. */
function fakeStore() {
  const seen = { shards: 0, reads: 0, counted: [] as string[] };
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  const store = {
    byCode: async (code: string) => {
      seen.reads += 1;
      return code === CODE ? { id: "link-1", destination: "https://shop.example/menu?utm_source=x" } : undefined;
    },
    countClick: async (id: string, day: string) => {
      await held;
      seen.counted.push(`${id} ${day}`);
    },
  } as unknown as LinkStore;
  const storeOf = async () => {
    seen.shards += 1;
    return store;
  };
  return { seen, storeOf, release: () => release() };
}

const get = (code: string, headers: Record<string, string> = BROWSER) =>
  new Request(`https://app.example/l/${code}`, { headers });

describe("the short-link redirect", () => {
  it("answers before the click is counted, and a link clicked again within a minute is not read again", async () => {
    const { seen, storeOf, release } = fakeStore();
    const links = new RecentLinks(60_000);
    const work: Array<Promise<unknown>> = [];
    let now = Date.parse("2026-03-29T00:30:00Z");
    const open = (code: string, headers?: Record<string, string>) =>
      serveShortLink(
        get(code, headers),
        storeOf,
        () => now,
        (w) => work.push(w),
        links,
      );
    const first = await open(CODE);
    expect([first.status, first.headers.get("Location")]).toEqual([302, "https://shop.example/menu?utm_source=x"]);
    expect(seen.counted).toEqual([]);
    now += 59_000;
    expect((await open(CODE)).status).toBe(302);
    expect(seen.reads).toBe(1);
    expect((await open(CODE, { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).status).toBe(302);
    release();
    await Promise.all(work);
    expect(seen.counted).toEqual(["link-1 2026-03-29", "link-1 2026-03-29"]);
    now += 2_000;
    expect((await open(CODE)).status).toBe(302);
    expect(seen.reads).toBe(2);
  });

  it("keeps no unknown code, and keeps at most its size, the oldest going first", async () => {
    const { seen, storeOf } = fakeStore();
    const links = new RecentLinks(60_000, 2);
    for (let i = 0; i < 2; i++)
      expect(
        (
          await serveShortLink(
            get("ZZZZZZZZZZ"),
            storeOf,
            () => 0,
            () => {},
            links,
          )
        ).status,
      ).toBe(404);
    expect(seen.reads).toBe(2);
    const link = { id: "l", destination: "https://a.example" };
    links.keep("A", link, 0);
    links.keep("B", link, 0);
    links.keep("C", link, 0);
    expect([links.get("A", 1), links.get("B", 1), links.get("C", 1)]).toEqual([undefined, link, link]);
  });
});
