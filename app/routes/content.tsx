import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { CONTENT_TABS, openTab, preloadOpenTab } from "~/components/content/content-tabs";
import { PageHeader } from "~/components/PageHeader";
import type { PostJson } from "~/components/posts/types";
import { usePostDialogs } from "~/components/posts/use-post-dialogs";
import { api } from "~/lib/api";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/notify";
import { useTimeZone } from "~/lib/use-time-zone";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Content Hub",
    description: "Your posts and media library in one place.",
    keywords: "content hub, posts, media library",
  });

export async function loader({ url }: Route.LoaderArgs) {
  await preloadOpenTab(url.searchParams);
  return null;
}

const tabClass =
  "border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";

export default function ContentPage() {
  const timeZone = useTimeZone();
  const [params, setParams] = useSearchParams();
  const tab = openTab(params);
  const [version, setVersion] = useState(0);
  const dialogs = usePostDialogs(timeZone, () => setVersion((v) => v + 1));

  // /content?compose=1&text=… (the AI page's links) opens the composer prefilled, once.
  const { compose, showDetail } = dialogs;
  useEffect(() => {
    if (params.get("compose") !== "1") return;
    compose({ text: params.get("text") ?? "" });
    setParams({ tab }, { replace: true, preventScrollReset: true });
  }, [params, compose, setParams, tab]);

  // /content?post=<id>[&view=comments] (a notification's link) opens that post's details, once.
  const linked = params.get("post");
  const view = params.get("view") === "comments" ? "comments" : undefined;
  useEffect(() => {
    if (!linked) return;
    setParams({ tab }, { replace: true, preventScrollReset: true });
    void api<PostJson>(`/api/posts/${encodeURIComponent(linked)}`).then((res) =>
      res.ok ? showDetail(res.data, view) : notify.error(res.message),
    );
  }, [linked, view, showDetail, setParams, tab]);

  return (
    <>
      <PageHeader title="Content Hub" description="Your posts and media library in one place." />
      <Tabs.Root
        value={tab}
        onValueChange={(next) => setParams({ tab: next }, { replace: true, preventScrollReset: true })}
      >
        <Tabs.List aria-label="Content" className="mb-6 flex gap-2 border-b border-slate-200">
          <Tabs.Trigger
            value="posts"
            className={tabClass}
            onPointerEnter={() => void CONTENT_TABS.posts.preload().catch(() => {})}
            onFocus={() => void CONTENT_TABS.posts.preload().catch(() => {})}
          >
            Posts
          </Tabs.Trigger>
          <Tabs.Trigger
            value="media"
            className={tabClass}
            onPointerEnter={() => void CONTENT_TABS.media.preload().catch(() => {})}
            onFocus={() => void CONTENT_TABS.media.preload().catch(() => {})}
          >
            Media Library
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="posts">
          <CONTENT_TABS.posts timeZone={timeZone} dialogs={dialogs} version={version} />
        </Tabs.Content>
        <Tabs.Content value="media">
          <CONTENT_TABS.media />
        </Tabs.Content>
      </Tabs.Root>
      {dialogs.elements}
    </>
  );
}
