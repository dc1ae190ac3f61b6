import { lazy, Suspense, useEffect, useState } from "react";
import { EmptyState } from "~/components/ui/EmptyState";
import { ImageIcon, LayoutGrid, List, Search, Upload } from "~/components/ui/icons";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { controlClass, inputClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { useMay } from "~/lib/may";
import { notify } from "~/lib/notify";
import { onDemand } from "~/lib/on-demand";
import { useDebounced } from "~/lib/use-debounced";
import type { MediaJson } from "../../../workers/media/index";
import { type TypeFilter, typeOptions } from "./display";
import { MediaCard } from "./MediaCard";
import { MediaDropArea } from "./MediaDropArea";
import { listMedia, type MediaPage, type MediaQuery, type MediaSort } from "./media-api";

const UploadDialog = lazy(() => import("./UploadDialog"));
/** Loaded when a media item is first opened, not with the Content Hub (ADR 045). */
const detailDialog = onDemand(() => import("./MediaDetailDialog").then((m) => m.MediaDetailDialog));

const SORTS: Array<{ value: MediaSort; label: string }> = [
  { value: "newest", label: "Newest First" },
  { value: "oldest", label: "Oldest First" },
  { value: "most_used", label: "Most Used" },
];

const DEFAULTS: MediaQuery = { type: "all", search: "", sort: "newest" };

/** Content Hub → Media Library (SPEC §2): search, type filter with counts, sort, grid or list, upload, detail. */
export function MediaLibraryTab() {
  const [query, setQuery] = useState<MediaQuery>(DEFAULTS);
  const search = useDebounced(query.search, 300);
  const [page, setPage] = useState<MediaPage | null>(null);
  const [layout, setLayout] = useState<"grid" | "list">("grid");
  const [uploadOpen, setUploadOpen] = useState(false);
  /** Files dropped on the library itself: the upload dialog opens with them already going up. */
  const [dropped, setDropped] = useState<File[]>([]);
  const [detail, setDetail] = useState<MediaJson | null>(null);
  const [reloads, setReloads] = useState(0);
  const MediaDetailDialog = detailDialog.useOnDemand(detail !== null);

  useEffect(() => {
    let current = true;
    void listMedia({ type: query.type, sort: query.sort, search }).then((res) => {
      if (!current) return;
      if (res.ok) setPage(res.data);
      else {
        notify.error("Failed to fetch media");
        setPage({ media: [], counts: { all: 0, image: 0, video: 0 } });
      }
    });
    return () => {
      current = false;
    };
  }, [query.type, query.sort, search, reloads]);

  const reload = () => setReloads((n) => n + 1);
  const openUpload = (files: File[]) => {
    setDropped(files);
    setUploadOpen(true);
  };

  const filtered = query.search !== "" || query.type !== "all";
  const refused = useMay().why("media.upload");

  return (
    <MediaDropArea label="Media Library" onFiles={openUpload} disabled={uploadOpen || !!refused}>
      <h2 className="sr-only">Media Library</h2>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            aria-label="Search media"
            placeholder="Search media..."
            className={`${inputClass} pl-9`}
            value={query.search}
            onChange={(e) => setQuery((q) => ({ ...q, search: e.target.value }))}
          />
        </div>
        <select
          aria-label="Media type"
          className={controlClass}
          value={query.type}
          onChange={(e) => setQuery((q) => ({ ...q, type: e.target.value as TypeFilter }))}
        >
          {typeOptions(page?.counts ?? null).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <select
          aria-label="Sort media"
          className={controlClass}
          value={query.sort}
          onChange={(e) => setQuery((q) => ({ ...q, sort: e.target.value as MediaSort }))}
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setQuery(DEFAULTS)}
          disabled={query === DEFAULTS}
        >
          Clear All
        </button>
        <div className="flex rounded-md border border-slate-300" role="group" aria-label="Layout">
          {(["grid", "list"] as const).map((value) => {
            const Icon = value === "grid" ? LayoutGrid : List;
            return (
              <button
                key={value}
                type="button"
                aria-label={value === "grid" ? "Grid view" : "List view"}
                aria-pressed={layout === value}
                onClick={() => setLayout(value)}
                className={`p-2 first:rounded-l-md last:rounded-r-md ${layout === value ? "bg-brand-50 text-brand-700" : "text-slate-500 hover:bg-slate-50"}`}
              >
                <Icon className="size-4" aria-hidden />
              </button>
            );
          })}
        </div>
        <button
          type="button"
          className={primaryButton}
          onClick={() => openUpload([])}
          disabled={!!refused}
          aria-describedby={refused && "upload-refused"}
        >
          <Upload className="size-4" aria-hidden />
          Upload New Media
        </button>
        <RefusedNote id="upload-refused" why={refused} />
      </div>

      {page === null ? (
        <p className="py-12 text-center text-sm text-slate-500" role="status">
          Loading media...
        </p>
      ) : page.media.length === 0 ? (
        <EmptyState icon={ImageIcon} title="No media found">
          {filtered ? "Try adjusting your search or filters" : "Upload images and videos to use them in your posts."}
        </EmptyState>
      ) : (
        <ul
          aria-label="Media files"
          className={layout === "grid" ? "grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" : "space-y-2"}
        >
          {page.media.map((item) => (
            <MediaCard key={item.id} item={item} layout={layout} onOpen={() => setDetail(item)} />
          ))}
        </ul>
      )}

      {uploadOpen ? (
        <Suspense fallback={null}>
          <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} onUploaded={reload} files={dropped} />
        </Suspense>
      ) : null}
      {MediaDetailDialog && (
        <MediaDetailDialog
          item={detail}
          onOpenChange={(open) => !open && setDetail(null)}
          onUpdated={(updated) => {
            setDetail(updated);
            setPage((p) => p && { ...p, media: p.media.map((m) => (m.id === updated.id ? updated : m)) });
          }}
          onDeleted={() => {
            setDetail(null);
            reload();
          }}
        />
      )}
    </MediaDropArea>
  );
}
