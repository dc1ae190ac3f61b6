import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Postline";

const DEFAULTS = {
  title: `${SITE_NAME} – Your brands. One place.`,
  description:
    "Plan, write, schedule and publish posts to every social platform, with media, analytics and AI captions in one place.",
  keywords: "social media management, scheduling, content planner, analytics, AI captions",
};

interface PageMeta {
  title?: string;
  description?: string;
  keywords?: string;
}

/** Title, description, keywords and social-share tags for a page; anything left out uses the site default. */
export function pageMeta(page: PageMeta = {}): MetaDescriptor[] {
  const title = page.title ? `${page.title} | ${SITE_NAME}` : DEFAULTS.title;
  const description = page.description ?? DEFAULTS.description;
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: page.keywords ?? DEFAULTS.keywords },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}
