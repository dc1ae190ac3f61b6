import { DropdownMenu, Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { formatRate, SyncedNote } from "~/components/analytics/parts";
import { MediaCarousel } from "~/components/composer/MediaCarousel";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { MoreHorizontal, RefreshCw } from "~/components/ui/icons";
import { Modal } from "~/components/ui/Modal";
import { secondaryButton } from "~/components/ui/styles";
import { accountName } from "~/lib/account-name";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { useMay } from "~/lib/may";
import { notify } from "~/lib/notify";
import { usePollWhile } from "~/lib/use-poll-while";
import type { PostAnalyticsData, SyncData } from "../../../workers/analytics/index";
import { PLATFORM_NAMES } from "../../../workers/platform-profile";
import type { Duplicate } from "../../../workers/posts/index";
import { ChannelFigures } from "./ChannelFigures";
import { ChannelList } from "./ChannelList";
import { repostBody } from "./detail-view";
import { POLL_MS, postInFlight } from "./live";
import { cardDate, cardHashtags } from "./post-view";
import { ReviewPanel } from "./ReviewPanel";
import { StatusBadge } from "./StatusBadge";
import { SubmitLabels, submissionNote, submittedToast } from "./submission";
import { TeamDiscussion } from "./TeamDiscussion";
import type { AccountView, PostJson } from "./types";

type PostAnalytics = z.infer<typeof PostAnalyticsData>;

const tabClass =
  "border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";
const itemClass = "cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100";

export type DetailView = "preview" | "analytics" | "comments";

/** SPEC §2 Post detail: Preview, Analytics and Comments; actions Edit Post, Repost Now, Delete. */
export function PostDetailDialog({
  post: opened,
  view = "preview",
  timeZone,
  onOpenChange,
  onEdit,
  onDuplicate,
  onDelete,
  onChanged,
}: {
  post: PostJson | null;
  /** The tab it opens on (a notice about a comment opens the discussion). */
  view?: DetailView;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
  onEdit: (post: PostJson) => void;
  /** Opens the composer on a new post copied from this one. */
  onDuplicate: (post: PostJson) => void;
  onDelete: (post: PostJson) => void;
  /** After a repost, retry or confirm: the page's list asks again. */
  onChanged: () => void;
}) {
  const [accounts, setAccounts] = useState<AccountView[]>([]);
  const [analytics, setAnalytics] = useState<PostAnalytics | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [analyticsKey, setAnalyticsKey] = useState(0);
  // Set while the repost confirmation is open: the channels that published this very text lately.
  const [repostCheck, setRepostCheck] = useState<Duplicate[] | null>(null);
  // The post as last seen: asked again while a channel is in flight, replaced by a retry's or confirm's answer.
  const [post, setPost] = useState(opened);
  useEffect(() => setPost(opened), [opened]);
  const { may, mayChangePost, submits } = useMay();
  const mayChange = post !== null && mayChangePost(post);
  // Repost Now is a new post published at once: where approval applies to the member it is a submission, which
  // anyone who writes posts may make; otherwise it needs `posts.publish` (the server's rule, ADR 128).
  const mayRepost = submits ? may("posts.write") : may("posts.publish");
  const published = post?.platformPosts.some((t) => t.status === "published") ?? false;
  const postId = post?.id;

  useEffect(() => {
    if (!postId) return;
    void api<{ accounts: AccountView[] }>("/api/accounts").then((res) => res.ok && setAccounts(res.data.accounts));
  }, [postId]);
  useEffect(() => {
    setAnalytics(null);
    // 404 is normal for posts not published yet, so only published posts ask.
    if (postId && published)
      void api<PostAnalytics>(`/api/analytics/posts/${postId}`).then((res) => res.ok && setAnalytics(res.data));
  }, [postId, published, analyticsKey]);
  usePollWhile(
    post ? postInFlight(post, Date.now()) : false,
    async () => {
      const res = await api<PostJson>(`/api/posts/${postId}`);
      if (res.ok) setPost(res.data);
    },
    POLL_MS,
  );

  if (!post) return null;
  const updated = (next: PostJson) => {
    setPost(next);
    onChanged();
  };

  /** SPEC §2: fetch this post's latest metrics and comments from its platforms now. */
  const sync = async () => {
    setSyncing(true);
    const res = await api<z.infer<typeof SyncData>>(`/api/analytics/posts/${post.id}/sync`, { method: "POST" });
    setSyncing(false);
    if (!res.ok) return void notify.error(`Sync failed: ${res.message}`);
    if (res.data.failures.length) notify.error(res.message);
    else notify.success(res.message);
    setAnalyticsKey((n) => n + 1);
  };

  const channelName = (platform: string, accountId: string) => {
    const account = accounts.find((a) => a.id === accountId);
    return `${PLATFORM_META[platform]?.name ?? platform}${account ? ` (${accountName(account)})` : ""}`;
  };
  const channels = post.platformPosts.map((t) => channelName(t.platform, t.accountId)).join(", ") || "its platforms";
  const askRepost = async () => {
    const res = await api<{ duplicates: Duplicate[] }>(`/api/posts/${post.id}/duplicates`);
    setRepostCheck(res.ok ? res.data.duplicates : []);
  };
  const repost = async () => {
    const res = await api<PostJson>("/api/posts", { json: repostBody(post) });
    if (!res.ok) return void notify.error(`Failed to publish post: ${res.message}`);
    notify.success(
      res.data.status === "published"
        ? "Post published successfully!"
        : res.data.status === "pending_approval"
          ? submittedToast(res.message, may("posts.approve"))
          : res.message,
    );
    onChanged();
    setTimeout(() => onOpenChange(false), 1500);
  };

  return (
    <Modal open onOpenChange={onOpenChange} title="Post Details" description={cardDate(post, timeZone)}>
      <div className="mb-3 flex justify-end gap-2">
        {published && may("analytics.manage") && (
          <button type="button" className={secondaryButton} onClick={sync} disabled={syncing}>
            <RefreshCw className={`size-4 ${syncing ? "animate-spin" : ""}`} aria-hidden />
            {syncing ? "Syncing..." : "Sync"}
          </button>
        )}
        {(mayChange || may("posts.write")) && (
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
              aria-label="Post actions"
            >
              <MoreHorizontal className="size-4" aria-hidden /> Actions
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                className="z-[70] min-w-40 rounded-md border border-slate-200 bg-surface p-1 shadow-lg"
              >
                {mayChange && (
                  <DropdownMenu.Item className={itemClass} onSelect={() => onEdit(post)}>
                    Edit Post
                  </DropdownMenu.Item>
                )}
                {may("posts.write") && (
                  <DropdownMenu.Item className={itemClass} onSelect={() => onDuplicate(post)}>
                    Duplicate post
                  </DropdownMenu.Item>
                )}
                {mayRepost && (
                  <DropdownMenu.Item className={itemClass} onSelect={askRepost}>
                    {submits ? SubmitLabels.repost : "Repost Now"}
                  </DropdownMenu.Item>
                )}
                {mayChange && (
                  <DropdownMenu.Item className={`${itemClass} text-red-600`} onSelect={() => onDelete(post)}>
                    Delete
                  </DropdownMenu.Item>
                )}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        )}
      </div>
      <ConfirmDialog
        open={repostCheck !== null}
        onOpenChange={(open) => !open && setRepostCheck(null)}
        title={submits ? "Submit repost for approval?" : "Repost now?"}
        description={
          submits
            ? `This submits the post again, on ${channels}, for approval. ${submissionNote(true, may("posts.approve"))}`
            : `This publishes the post again, right away, on ${channels}.`
        }
        confirmLabel={
          repostCheck?.length ? (submits ? "Submit anyway" : "Repost anyway") : submits ? "Submit" : "Repost Now"
        }
        onConfirm={repost}
      >
        {repostCheck?.length ? (
          <div
            role="note"
            aria-label="Identical text"
            className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            <p className="font-medium">The same text was published recently:</p>
            <ul className="mt-1 list-disc pl-5">
              {repostCheck.map((d) => (
                <li key={`${d.accountId}:${d.postId}`}>
                  {channelName(d.platform, d.accountId)} on {formatDateTime(d.publishedAt, timeZone)}
                </li>
              ))}
            </ul>
            <p className="mt-1">Platforms such as X refuse an identical post; edit the text first to post it again.</p>
          </div>
        ) : null}
      </ConfirmDialog>
      <Tabs.Root defaultValue={view}>
        <Tabs.List aria-label="Post details" className="mb-4 flex gap-2 border-b border-slate-200">
          <Tabs.Trigger value="preview" className={tabClass}>
            Preview
          </Tabs.Trigger>
          <Tabs.Trigger value="analytics" className={tabClass}>
            Analytics
          </Tabs.Trigger>
          <Tabs.Trigger value="comments" className={tabClass}>
            Comments
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="preview" className="space-y-4">
          <MediaCarousel items={post.media} />
          {post.title ? <h3 className="font-semibold">{post.title}</h3> : null}
          <p className="text-sm whitespace-pre-wrap">{post.content}</p>
          {cardHashtags(post, 30).length ? (
            <p className="text-sm text-brand-700">
              {cardHashtags(post, 30)
                .map((h) => `#${h}`)
                .join(" ")}
            </p>
          ) : null}
          <section aria-label="Channels">
            <h3 className="mb-2 text-sm font-medium">Channels</h3>
            {post.platformPosts.length === 0 ? <StatusBadge status={post.status} /> : null}
            <ChannelList post={post} accounts={accounts} timeZone={timeZone} onUpdated={updated} />
          </section>
          <ReviewPanel post={post} timeZone={timeZone} />
        </Tabs.Content>
        <Tabs.Content value="analytics">
          {analytics ? (
            <>
              <div className="mb-3">
                <SyncedNote
                  at={analytics.analytics.lastSyncedAt}
                  timezone={timeZone}
                  testId="post-synced"
                  never="Not synced yet: press Sync to fetch this post's figures"
                />
              </div>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {(
                  [
                    ["Likes", analytics.analytics.engagementBreakdown.likes],
                    ["Comments", analytics.analytics.engagementBreakdown.comments],
                    ["Shares", analytics.analytics.engagementBreakdown.shares],
                    ["Total engagement", analytics.analytics.totalEngagement],
                    ["Reach", analytics.analytics.reach],
                    ["Impressions", analytics.analytics.impressions],
                    ["Engagement rate", formatRate(analytics.analytics.avgEngagementRate)],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-md border border-slate-200 p-3">
                    <dt className="text-xs text-slate-500">{label}</dt>
                    <dd className="text-lg font-semibold">{value}</dd>
                  </div>
                ))}
              </dl>
              <ChannelFigures post={post} performance={analytics.analytics.platformPerformance} timeZone={timeZone} />
            </>
          ) : (
            <p className="text-sm text-slate-500">
              {published ? "Loading analytics…" : "Analytics appear once the post is published."}
            </p>
          )}
        </Tabs.Content>
        <Tabs.Content value="comments" className="space-y-6">
          <TeamDiscussion post={post} timeZone={timeZone} />
          <section aria-labelledby="platform-comments" className="space-y-2">
            <h3 id="platform-comments" className="text-sm font-medium">
              On the platforms
            </h3>
            {analytics?.comments.length ? (
              <ul className="space-y-2">
                {analytics.comments.map((c) => (
                  <li key={c.id} className="rounded-md border border-slate-200 p-2 text-sm">
                    <span className="font-medium">{c.author}</span>{" "}
                    <span className="text-xs text-slate-500">on {PLATFORM_NAMES[c.platform]}</span>
                    <p>{c.text}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">
                No comments yet. Comments are synced from the platforms after the post is published.
              </p>
            )}
          </section>
        </Tabs.Content>
      </Tabs.Root>
    </Modal>
  );
}
