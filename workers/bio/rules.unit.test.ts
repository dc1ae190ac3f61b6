import { describe, expect, it } from "vitest";
import { HANDLE, postDestination, renderBioPage } from "./rules";

describe("where a post on the bio page leads", () => {
  it("goes to the first link of its caption, else to the post itself, else nowhere", () => {
    const permalink = "https://instagram.example/p/1";
    expect(
      postDestination({ content: "New menu: https://cafe.example/menu. Also https://cafe.example/x", permalink }),
    ).toBe("https://cafe.example/menu");
    expect(postDestination({ content: "Croissants!", permalink })).toBe(permalink);
    expect(postDestination({ content: "Croissants!", permalink: null })).toBeNull();
  });
});

describe("the bio page", () => {
  const page = renderBioPage({
    handle: "cafe",
    title: `Café "Crème" <b>`,
    links: [{ id: "abc123", label: "Order & pay" }],
    posts: [
      { targetId: "t1", content: "Spring <menu> https://cafe.example/spring", permalink: null, hasImage: true },
      { targetId: "t2", content: "No link, not out yet", permalink: null, hasImage: false },
    ],
  });

  it("needs no script and escapes what members wrote", () => {
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain("<title>Café &quot;Crème&quot; &lt;b&gt;</title>");
    // The app's own icon, so a browser does not ask for a /favicon.ico that is not there.
    expect(page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page).toContain('<a class="link" href="/bio/cafe/go/link-abc123">Order &amp; pay</a>');
  });

  it("shows only posts that lead somewhere, each through the counted redirect, with its picture", () => {
    expect(page).toContain('href="/bio/cafe/go/post-t1"><img src="/bio/cafe/img/t1" alt="Spring &lt;menu&gt;');
    expect(page).not.toContain("post-t2");
  });

  it("takes handles of 3 to 30 lowercase letters, digits and inner dashes", () => {
    expect(["my-bakery", "abc", "a".repeat(30)].every((h) => HANDLE.test(h))).toBe(true);
    expect(["ab", "-abc", "abc-", "My-Bakery", "a".repeat(31), "a/b"].some((h) => HANDLE.test(h))).toBe(false);
  });
});
