import { FileText, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { PostCard } from "~/components/posts/PostCard";
import type { usePostDialogs } from "~/components/posts/use-post-dialogs";
import { usePosts } from "~/components/posts/use-posts";
import { EmptyState } from "~/components/ui/EmptyState";
import { inputClass, labelClass, linkButton, primaryButton } from "~/components/ui/styles";
import { hasFilters, NO_FILTERS, type PostFilters, postsQuery, STATUS_OPTIONS } from "./post-filters";

/** SPEC §2 Content Hub posts tab: search, status, platform and date filters; cards; empty states. */
export function PostsTab({
  timeZone,
  dialogs,
  version,
}: {
  timeZone: string;
  dialogs: ReturnType<typeof usePostDialogs>;
  version: number;
}) {
  const [filters, setFilters] = useState<PostFilters>(NO_FILTERS);
  const [query, setQuery] = useState(postsQuery(NO_FILTERS));
  // Typing in search settles for 300 ms before the list is asked again.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(postsQuery(filters)), 300);
    return () => clearTimeout(timer);
  }, [filters]);
  const posts = usePosts(query, version);
  const set = (patch: Partial<PostFilters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <label className="min-w-48 flex-1">
          <span className={labelClass}>Search</span>
          <input
            type="search"
            className={inputClass}
            placeholder="Search content or hashtags"
            value={filters.search}
            onChange={(e) => set({ search: e.target.value })}
          />
        </label>
        <label>
          <span className={labelClass}>Status</span>
          <select
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
          <select className={inputClass} value={filters.platform} onChange={(e) => set({ platform: e.target.value })}>
            <option value="">All</option>
            {Object.entries(PLATFORM_META).map(([id, meta]) => (
              <option key={id} value={id}>
                {meta.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className={labelClass}>Start date</span>
          <input
            type="date"
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
            className={inputClass}
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
        <button
          type="button"
          className={`${linkButton} pb-2`}
          onClick={() => setFilters(NO_FILTERS)}
          disabled={!hasFilters(filters)}
        >
          Clear All
        </button>
        <button type="button" className={primaryButton} onClick={() => dialogs.compose({})}>
          <Plus className="size-4" aria-hidden /> Create Post
        </button>
      </div>
      {posts === null ? (
        <p className="text-sm text-slate-500" role="status">
          Loading posts…
        </p>
      ) : posts.length === 0 ? (
        <EmptyState icon={FileText} title="No posts found">
          {hasFilters(filters) ? "Try adjusting your search or filters" : "Create your first post to get started!"}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Posts">
          {posts.map((post) => (
            <li key={post.id} className="min-w-0">
              <PostCard
                post={post}
                timeZone={timeZone}
                onOpen={() => dialogs.showDetail(post)}
                onEdit={() => dialogs.compose({ post })}
                onDelete={() => dialogs.confirmDelete(post)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
