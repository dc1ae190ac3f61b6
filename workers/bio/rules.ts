/**
 * The link-in-bio page (ADR 077), pure: where each post on it leads, and the page itself as HTML with no script
 * (it is opened on phones straight from a profile, so it must be small and work with HTML and CSS alone).
 */

import { escapeHtml } from "../http/html";
import { findLinks } from "../links";

export const BioMessages = {
  handle: "Handles are 3 to 30 lowercase letters, digits or dashes, like my-bakery",
  handleTaken: "That handle is taken; please choose another",
  title: "Please give the page a title, like your brand's name",
  label: "Every link needs a label",
  url: "Links must be full http(s) URLs, like https://example.com/menu",
  tooMany: "A bio page may have at most 20 links",
} as const;

export const HANDLE = /^[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$/;

export interface BioPost {
  targetId: string;
  content: string;
  permalink: string | null;
  hasImage: boolean;
}

/** Where a post on the page leads: the first link of its caption (what "link in bio" means), else the post itself. */
export function postDestination(post: Pick<BioPost, "content" | "permalink">): string | null {
  return findLinks(post.content)[0]?.url ?? post.permalink;
}

const html = escapeHtml;

/** The public page: title, links, then a grid of posts; every link goes through `/bio/<handle>/go/…` to be counted. */
export function renderBioPage(page: {
  handle: string;
  title: string;
  links: Array<{ id: string; label: string }>;
  posts: BioPost[];
}): string {
  const base = `/bio/${page.handle}`;
  const links = page.links
    .map((l) => `<li><a class="link" href="${base}/go/link-${html(l.id)}">${html(l.label)}</a></li>`)
    .join("");
  const posts = page.posts
    .filter((p) => postDestination(p) !== null)
    .map((p) => {
      const alt = html(p.content.slice(0, 120));
      const inner = p.hasImage
        ? `<img src="${base}/img/${html(p.targetId)}" alt="${alt}" loading="lazy" width="320" height="320">`
        : `<span>${alt}</span>`;
      return `<li><a href="${base}/go/post-${html(p.targetId)}">${inner}</a></li>`;
    })
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(page.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:480px;margin:0 auto;padding:32px 16px}
h1{text-align:center;font-size:1.5rem}
ul{list-style:none;padding:0;margin:0}
.links li{margin:12px 0}
.link{display:block;padding:14px;border-radius:12px;background:#fff;border:1px solid #e2e8f0;text-align:center;color:inherit;text-decoration:none;font-weight:600}
.grid{display:grid;grid-template-columns:repeat(3,1fr);gap:4px;margin-top:24px}
.grid a{display:block;aspect-ratio:1;overflow:hidden;background:#e2e8f0;color:inherit;text-decoration:none;font-size:.75rem}
.grid img{width:100%;height:100%;object-fit:cover}
.grid span{display:block;padding:6px}
</style></head>
<body><main><h1>${html(page.title)}</h1>
<ul class="links" aria-label="Links">${links}</ul>
${posts ? `<ul class="grid" aria-label="Posts">${posts}</ul>` : ""}
</main></body></html>`;
}
