import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UrlTabList, UrlTabPanel } from "./UrlTabs";

const tabs = [
  { value: "posts", label: "Posts", href: "?tab=posts" },
  { value: "media", label: "Media Library", href: "?tab=media" },
];

describe("tabs kept by the URL", () => {
  it("are links in the tabs pattern: the open one selected, in the Tab order and naming its panel", () => {
    const html = renderToStaticMarkup(
      <>
        <UrlTabList id="content" label="Content" tabs={tabs} value="media" onSelect={() => {}} />
        <UrlTabPanel id="content" value="media">
          Library
        </UrlTabPanel>
      </>,
    );
    expect(html).toContain('role="tablist" aria-label="Content"');
    expect(html).toContain(
      '<a id="content-tab-posts" role="tab" href="?tab=posts" aria-selected="false" tabindex="-1" data-state="inactive">Posts</a>',
    );
    expect(html).toContain(
      '<a id="content-tab-media" role="tab" href="?tab=media" aria-selected="true" aria-controls="content-panel-media" tabindex="0" data-state="active">Media Library</a>',
    );
    expect(html).toContain(
      '<div role="tabpanel" id="content-panel-media" aria-labelledby="content-tab-media">Library</div>',
    );
  });
});
