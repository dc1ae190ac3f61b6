import { PLATFORM_NAMES } from "../../../workers/platform-profile";
import { MoreHorizontal } from "lucide-react";
import { DropdownMenu, Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import type { z } from "zod";
import type { PostAnalyticsData } from "../../../workers/analytics/schemas";
import { MediaCarousel } from "~/components/composer/MediaCarousel";
import { Modal } from "~/components/ui/Modal";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { usePollWhile } from "~/lib/use-poll-while";
import { ChannelList } from "./ChannelList";
import { POLL_MS, postInFlight } from "./live";
import { cardDate, cardHashtags, repostBody } from "./post-view";
import { StatusBadge } from "./StatusBadge";
import type { AccountView, PostJson } from "./types";

type PostAnalytics = z.infer<typeof PostAnalyticsData>;

const tabClass =
  "border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-500 hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700";
const itemClass = "cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100";

/** SPEC §2 Post detail: Preview, Analytics and Comments; actions Edit Post, Repost Now, Delete. */
export function PostDetailDialog({
  post: opened,
  timeZone,
  onOpenChange,
  onEdit,
  onDelete,
  onChanged,
}: {
  post: PostJson | null;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
  onEdit: (post: PostJson) => void;
  onDelete: (post: PostJson) => void;
  /** After a repost, retry or confirm: the page's list asks again. */
  onChanged: () => void;
}) {
  const [accounts, setAccounts] = useState<AccountView[]>([]);
  const [analytics, setAnalytics] = useState<PostAnalytics | null>(null);
  // The post as last seen: asked again while a channel is in flight, replaced by a retry's or confirm's answer.
  const [post, setPost] = useState(opened);
  useEffect(() => setPost(opened), [opened]);
  const published = post?.platformPosts.some((t) => t.status === "published") ?? false;
  const postId = post?.id;

  useEffect(() => {
    if (!postId) return;
    void api<{ accounts: AccountView[] }>("/api/accounts").then((res) => res.ok && setAccounts(res.data.accounts));
  }, [postId]);
  useEffect(() => {
    setAnalytics(null);
    // 404 is normal for posts not published yet, so only published posts ask.
    if (postId && published) void api<PostAnalytics>(`/api/analytics/posts/${postId}`).then((res) => res.ok && setAnalytics(res.data));
  }, [postId, published]);
  usePollWhile(post ? postInFlight(post, Date.now()) : false, async () => {
    const res = await api<PostJson>(`/api/posts/${postId}`);
    if (res.ok) setPost(res.data);
  }, POLL_MS);

  if (!post) return null;
  const updated = (next: PostJson) => (setPost(next), onChanged());

  const repost = async () => {
    const res = await api<PostJson>("/api/posts", { json: repostBody(post) });
    if (!res.ok) return void notify.error(`Failed to publish post: ${res.message}`);
    notify.success(res.data.status === "published" ? "Post published successfully!" : res.message);
    onChanged();
    setTimeout(() => onOpenChange(false), 1500);
  };

  return (
    <Modal open onOpenChange={onOpenChange} title="Post Details" description={cardDate(post, timeZone)}>
      <div className="mb-3 flex justify-end">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50" aria-label="Post actions">
            <MoreHorizontal className="size-4" aria-hidden /> Actions
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
              <DropdownMenu.Item className={itemClass} onSelect={() => onEdit(post)}>
                Edit Post
              </DropdownMenu.Item>
              <DropdownMenu.Item className={itemClass} onSelect={repost}>
                Repost Now
              </DropdownMenu.Item>
              <DropdownMenu.Item className={`${itemClass} text-red-600`} onSelect={() => onDelete(post)}>
                Delete
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <Tabs.Root defaultValue="preview">
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
          {cardHashtags(post, 30).length ? <p className="text-sm text-brand-700">{cardHashtags(post, 30).map((h) => `#${h}`).join(" ")}</p> : null}
          <section aria-label="Channels">
            <h3 className="mb-2 text-sm font-medium">Channels</h3>
            {post.platformPosts.length === 0 ? <StatusBadge status={post.status} /> : null}
            <ChannelList post={post} accounts={accounts} onUpdated={updated} />
          </section>
        </Tabs.Content>
        <Tabs.Content value="analytics">
          {analytics ? (
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {(
                [
                  ["Likes", analytics.analytics.engagementBreakdown.likes],
                  ["Comments", analytics.analytics.engagementBreakdown.comments],
                  ["Shares", analytics.analytics.engagementBreakdown.shares],
                  ["Total engagement", analytics.analytics.totalEngagement],
                  ["Reach", analytics.analytics.reach],
                  ["Impressions", analytics.analytics.impressions],
                  ["Engagement rate", `${analytics.analytics.avgEngagementRate}%`],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-md border border-slate-200 p-3">
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="text-lg font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-slate-500">{published ? "Loading analytics…" : "Analytics appear once the post is published."}</p>
          )}
        </Tabs.Content>
        <Tabs.Content value="comments">
          {analytics?.comments.length ? (
            <ul className="space-y-2">
              {analytics.comments.map((c) => (
                <li key={c.id} className="rounded-md border border-slate-200 p-2 text-sm">
                  <span className="font-medium">{c.author}</span> <span className="text-xs text-slate-500">on {PLATFORM_NAMES[c.platform]}</span>
                  <p>{c.text}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">No comments yet. Comments are synced from the platforms after the post is published.</p>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Modal>
  );
}
