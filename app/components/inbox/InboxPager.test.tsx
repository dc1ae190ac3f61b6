import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { InboxPager } from "./InboxPager";

const render = (count: number, next: string | null, search = "") =>
  renderToStaticMarkup(
    <MemoryRouter>
      <InboxPager count={count} next={next} search={search} />
    </MemoryRouter>,
  );

describe("the end of the inbox list (issue 40)", () => {
  it("links to the older items from the list's next, keeping the filters and leaving an open thread behind", () => {
    const html = render(50, "1764000000000:42", "?status=done&platform=facebook&label=billing&thread=i9&before=1");
    const href = html.match(/<a [^>]*href="([^"]+)"[^>]*>Older<\/a>/)?.[1]?.replaceAll("&amp;", "&");
    expect(href).toBe("/?status=done&platform=facebook&label=billing&before=1764000000000%3A42");
    expect(html).not.toContain("Nothing here");
  });

  it("says a filtered page that stopped short has more behind it, instead of that there is nothing", () => {
    const html = render(0, "1764000000000:42", "?assigned=me&label=vip");
    expect(html).toContain("None in this stretch");
    expect(html).toContain("older ones may");
    expect(html).toMatch(/href="\/\?assigned=me&amp;label=vip&amp;before=1764000000000%3A42"[^>]*>Older/);
    expect(html).not.toContain("Nothing here");
  });

  it("says nothing is here, with no link on, only at the end of the list", () => {
    const html = render(0, null, "?label=vip");
    expect(html).toContain("Nothing here");
    expect(html).not.toContain("Older");
    expect(render(12, null)).toBe("");
  });
});
