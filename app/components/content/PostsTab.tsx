import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation, useSearchParams } from "react-router";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { PostCard } from "~/components/posts/PostCard";
import { excerpt, sharePath } from "~/components/posts/post-view";
import type { PostJson } from "~/components/posts/types";
import { useLivePosts } from "~/components/posts/use-live-posts";
import type { usePostDialogs } from "~/components/posts/use-post-dialogs";
import { EmptyState } from "~/components/ui/EmptyState";
import { FormError } from "~/components/ui/FormError";
import { FileText, Plus } from "~/components/ui/icons";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { inputClass, labelClass, linkButton, primaryButton, secondaryButton } from "~/components/ui/styles";
import { useMay } from "~/lib/may";
import { useHydrated } from "~/lib/use-hydrated";
import type { Label } from "../../../workers/labels/public";
import { filtersHref, filtersOf, hasFilters, NO_FILTERS, type PostFilters, STATUS_OPTIONS } from "./post-filters";

/**
 * SPEC §2 Content Hub posts tab: search, status, platform, label (ADR 094) and date filters; cards; empty states.
 * The list is the page loader's, for the URL's filters. The filters are a GET form: without JavaScript Apply sends it; with it a
 * change navigates (typing settles for 300 ms first) and Apply hides.
 */
export function PostsTab({
  timeZone,
  dialogs,
  list: { posts, message, canShare, labels },
}: {
  timeZone: string;
  dialogs: ReturnType<typeof usePostDialogs>;
  list: { posts: PostJson[]; message: string | null; canShare: boolean; labels: Label[] };
}) {
  useLivePosts(posts);
  const { why, mayChangePost } = useMay();
  const refused = why("posts.write");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const loading = useNavigation().state === "loading";
  const [params] = useSearchParams();
  const shown = filtersHref(filtersOf(params));
  // The controls show what was chosen at once; the URL (and the list) follow. `sent` is the URL last asked for,
  // so the URL catching up with an older choice does not overwrite a newer one being typed.
  const [filters, setFilters] = useState<PostFilters>(() => filtersOf(params));
  const sent = useRef(shown);
  useEffect(() => {
    if (shown === sent.current) return;
    sent.current = shown;
    setFilters(filtersOf(new URL(shown, "http://x").searchParams));
  }, [shown]);
  const go = (next: PostFilters) => {
    const href = filtersHref(next);
    if (href === sent.current) return;
    sent.current = href;
    void navigate(href, { replace: true, preventScrollReset: true });
  };
  useEffect(() => {
    const timer = setTimeout(() => go(filters), 300);
    return () => clearTimeout(timer);
  });
  const set = (patch: Partial<PostFilters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <div className="space-y-4">
      <Form
        method="get"
        action="/content"
        role="search"
        aria-label="Filter posts"
        onSubmit={(e) => {
          e.preventDefault();
          go(filters);
        }}
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-surface p-4"
      >
        <label className="min-w-48 flex-1">
          <span className={labelClass}>Search</span>
          <input
            type="search"
            name="search"
            className={inputClass}
            placeholder="Search content or hashtags"
            value={filters.search}
            onChange={(e) => set({ search: e.target.value })}
          />
        </label>
        <label>
          <span className={labelClass}>Status</span>
          <select
            name="status"
            className={inputClass}
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as PostFilters["status"] })}
          >
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className={labelClass}>Platform</span>
          <select
            name="platform"
            className={inputClass}
            value={filters.platform}
            onChange={(e) => set({ platform: e.target.value })}
          >
            <option value="">All</option>
            {Object.entries(PLATFORM_META).map(([id, meta]) => (
              <option key={id} value={id}>
                {meta.name}
              </option>
            ))}
          </select>
        </label>
        {labels.length > 0 && (
          <label>
            <span className={labelClass}>Label</span>
            <select
              name="label"
              className={inputClass}
              value={filters.label}
              onChange={(e) => set({ label: e.target.value })}
            >
              <option value="">All</option>
              {labels.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          <span className={labelClass}>Start date</span>
          <input
            type="date"
            name="from"
            className={inputClass}
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => set({ from: e.target.value })}
          />
        </label>
        <label>
          <span className={labelClass}>End date</span>
          <input
            type="date"
            name="to"
            className={inputClass}
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
        {hydrated ? (
          <button
            type="button"
            className={`${linkButton} pb-2`}
            onClick={() => setFilters(NO_FILTERS)}
            disabled={!hasFilters(filters)}
          >
            Clear All
          </button>
        ) : (
          <>
            <button type="submit" className={secondaryButton}>
              Apply
            </button>
            <Link to="/content" className={`${linkButton} pb-2`}>
              Clear All
            </Link>
          </>
        )}
        <button
          type="button"
          className={primaryButton}
          onClick={() => dialogs.compose({})}
          disabled={!!refused}
          aria-describedby={refused && "create-refused"}
        >
          <Plus className="size-4" aria-hidden /> Create Post
        </button>
        <RefusedNote id="create-refused" why={refused} />
      </Form>
      {message ? (
        <FormError message={message} />
      ) : posts.length === 0 ? (
        <EmptyState icon={FileText} title="No posts found">
          {hasFilters(filters) ? "Try adjusting your search or filters" : "Create your first post to get started!"}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Posts" aria-busy={loading}>
          {posts.map((post) => (
            <li key={post.id} className="min-w-0">
              <PostCard
                post={post}
                timeZone={timeZone}
                onOpen={() => dialogs.showDetail(post)}
                {...(mayChangePost(post) && {
                  onEdit: () => dialogs.compose({ post }),
                  onDelete: () => dialogs.confirmDelete(post),
                })}
              />
              {/* The post dialog's share panel needs JavaScript; without it the share page is a page of its own. */}
              {canShare && !hydrated && (
                <Link
                  to={sharePath(post.id)}
                  aria-label={`Share for review: ${excerpt(post.content)}`}
                  className={`${linkButton} mt-1 inline-block`}
                >
                  Share for review
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
