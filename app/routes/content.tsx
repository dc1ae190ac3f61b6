import { useEffect } from "react";
import { redirect, useRevalidator, useSearchParams } from "react-router";
import { CONTENT_TABS, openTab, preloadOpenTab } from "~/components/content/content-tabs";
import { PageHeader } from "~/components/PageHeader";
import { usePostDialogs } from "~/components/posts/use-post-dialogs";
import { UrlTabList, UrlTabPanel } from "~/components/ui/UrlTabs";
import { useMay } from "~/lib/may";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/notify";
import { signInPath } from "~/lib/redirect";
import { useTimeZone } from "~/lib/use-time-zone";
import { appContext } from "../../workers/context";
import { failureOf } from "../../workers/http/failure";
import type { Route } from "./+types/content";
import { contentPosts } from "./content.server";
import { categoriesAction, categoriesTabData } from "./content-categories.server";
import { feedsAction, feedsTabData } from "./content-feeds.server";
import { piecesAction, piecesTabData } from "./content-pieces.server";

/** The hub holds feeds too now: the header says what the page's description does. */
const DESCRIPTION = "Your posts, media library and feeds in one place.";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Content Hub",
    description: DESCRIPTION,
    keywords: "content hub, posts, media library, rss feeds",
  });

/**
 * The open tab's code, the posts tab's list (its filters are the URL's), and the post a notification's link names
 * (`?post=`), read as GET /api/posts/:id reads it.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { services, auth, workspace } = ctx;
  if (!auth || !workspace) throw redirect(signInPath(url));
  const id = url.searchParams.get("post");
  const tab = openTab(url.searchParams);
  const [linked, list, feeds, categories, pieces] = await Promise.all([
    id
      ? services.posts.get(workspace.id, id).then(
          (post) => ({ post, message: null }),
          (err: unknown) => {
            const failure = failureOf(err);
            if (!failure) throw err;
            return { post: null, message: failure.message };
          },
        )
      : null,
    tab === "posts" ? contentPosts(ctx, url) : null,
    tab === "feeds" ? feedsTabData(ctx, url) : null,
    tab === "categories" ? categoriesTabData(ctx, url) : null,
    tab === "pieces" ? piecesTabData(ctx, url) : null,
    preloadOpenTab(url.searchParams),
  ]);
  return { linked, list, feeds, categories, pieces };
}

/** Content → Feeds', Categories' and Saved pieces' forms (content-feeds/-categories/-pieces.server.ts). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  if (intent.startsWith("category-")) return categoriesAction(await request.formData(), context.get(appContext), url);
  if (intent.startsWith("piece-")) return piecesAction(await request.formData(), context.get(appContext), url);
  return feedsAction(request, context.get(appContext), url);
}

const TAB_LABELS = [
  ["posts", "Posts"],
  ["media", "Media Library"],
  ["feeds", "Feeds"],
  ["categories", "Categories"],
  ["pieces", "Saved pieces"],
] as const;

const tabClass =
  "border-b-2 border-transparent px-3 py-2 sm:px-4 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const [params, setParams] = useSearchParams();
  const tab = openTab(params);
  const { revalidate } = useRevalidator();
  const dialogs = usePostDialogs(timeZone, () => void revalidate());

  // /content?compose=1&text=… (the AI page's links) opens the composer prefilled, once; not for a member who may
  // not write posts (Create Post says why).
  const { compose, showDetail } = dialogs;
  const writes = useMay().may("posts.write");
  useEffect(() => {
    if (params.get("compose") !== "1") return;
    if (writes) compose({ text: params.get("text") ?? "" });
    setParams({ tab }, { replace: true, preventScrollReset: true });
  }, [params, compose, setParams, tab, writes]);

  // /content?post=<id>[&view=comments] (a notification's link) opens that post's details, once.
  const { linked, list, feeds, categories, pieces } = loaderData;
  const view = params.get("view") === "comments" ? "comments" : undefined;
  useEffect(() => {
    if (!linked) return;
    setParams({ tab }, { replace: true, preventScrollReset: true });
    if (linked.post) showDetail(linked.post, view);
    else notify.error(linked.message);
  }, [linked, view, showDetail, setParams, tab]);

  return (
    <>
      <PageHeader title="Content Hub" description={DESCRIPTION} />
      <UrlTabList
        id="content"
        label="Content"
        className="mb-6 flex flex-wrap gap-x-2 border-b border-slate-200"
        tabClassName={tabClass}
        value={tab}
        onSelect={(next) => setParams({ tab: next }, { replace: true, preventScrollReset: true })}
        tabs={TAB_LABELS.map(([value, label]) => ({
          value,
          label,
          href: `?tab=${value}`,
          onIntent: () => void CONTENT_TABS[value].preload().catch(() => {}),
        }))}
      />
      <UrlTabPanel id="content" value={tab}>
        {tab === "posts" && list && <CONTENT_TABS.posts timeZone={timeZone} dialogs={dialogs} list={list} />}
        {tab === "media" && <CONTENT_TABS.media />}
        {tab === "feeds" && feeds && <CONTENT_TABS.feeds {...feeds} timeZone={timeZone} />}
        {tab === "categories" && categories && <CONTENT_TABS.categories {...categories} timeZone={timeZone} />}
        {tab === "pieces" && pieces && <CONTENT_TABS.pieces {...pieces} />}
      </UrlTabPanel>
      {dialogs.elements}
    </>
  );
}
