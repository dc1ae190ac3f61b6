import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Check, ChevronLeft, ChevronRight, ImageIcon, Search, Upload } from "~/components/ui/icons";
import { Modal } from "~/components/ui/Modal";
import { controlClass, inputClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { notify } from "~/lib/notify";
import { useDebounced } from "~/lib/use-debounced";
import type { MediaKind } from "../../../workers/db/schema/media";
import type { MediaJson } from "../../../workers/media/index";
import { PICKER_NAME_MAX, type TypeFilter, truncateName, typeOptions } from "./display";
import { addLabel, nextIndex, toggle } from "./grid-navigation";
import { MediaThumb } from "./MediaThumb";
import { listMedia, type MediaPage } from "./media-api";

const UploadDialog = lazy(() => import("./UploadDialog"));

const COLUMNS = 4;

export interface MediaPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen items, in the order they were picked. */
  onSelect: (items: MediaJson[]) => void;
  /** Only these kinds can be picked (a YouTube post takes videos). */
  accept?: MediaKind[];
}

/**
 * SPEC §2 Media library picker: search, type filter, grid and a viewer of the active item. Arrow keys
 * move through the grid, Enter or Space toggle the active item, Escape closes.
 */
export function MediaPicker({ open, onOpenChange, onSelect, accept }: MediaPickerProps) {
  const only = accept && accept.length === 1 ? accept[0]! : null;
  const [type, setType] = useState<TypeFilter>(only ?? "all");
  const [search, setSearch] = useState("");
  const settled = useDebounced(search, 300);
  const [page, setPage] = useState<MediaPage | null>(null);
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [known, setKnown] = useState<Map<string, MediaJson>>(new Map());
  const [uploadOpen, setUploadOpen] = useState(false);
  const [reloads, setReloads] = useState(0);
  const cells = useRef<Array<HTMLDivElement | null>>([]);

  useEffect(() => {
    if (!open) return;
    let current = true;
    void listMedia({ type, search: settled, sort: "newest" }).then((res) => {
      if (!current) return;
      if (!res.ok) return notify.error("Failed to fetch media");
      setPage(res.data);
      setActive((a) => Math.min(a, Math.max(0, res.data.media.length - 1)));
      setKnown((k) => new Map([...k, ...res.data.media.map((m) => [m.id, m] as const)]));
    });
    return () => {
      current = false;
    };
  }, [open, type, settled, reloads]);

  function reset(next: boolean) {
    if (!next) {
      setSelected([]);
      setSearch("");
      setActive(0);
    }
    onOpenChange(next);
  }

  const items = page?.media ?? [];
  const current = items[active];

  function focusCell(index: number) {
    setActive(index);
    cells.current[index]?.focus();
  }

  function onGridKey(e: React.KeyboardEvent) {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (current) setSelected((s) => toggle(s, current.id));
      return;
    }
    const next = nextIndex(e.key, active, items.length, COLUMNS);
    if (next === null) return;
    e.preventDefault();
    focusCell(next);
  }

  return (
    <Modal
      open={open}
      onOpenChange={reset}
      title="Media Library"
      description="Choose images and videos for your post."
      footer={
        <>
          <p className="mr-auto self-center text-sm text-slate-600" role="status">
            {selected.length} selected
          </p>
          <button type="button" className={secondaryButton} onClick={() => setUploadOpen(true)}>
            <Upload className="size-4" aria-hidden />
            Upload
          </button>
          <button
            type="button"
            className={primaryButton}
            disabled={selected.length === 0}
            onClick={() => {
              onSelect(selected.map((id) => known.get(id)).filter((m): m is MediaJson => m !== undefined));
              reset(false);
            }}
          >
            {addLabel(selected.length)}
          </button>
        </>
      }
    >
      <div className="mb-4 flex flex-wrap gap-2">
        <div className="relative min-w-40 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            aria-label="Search media"
            placeholder="Search media..."
            className={`${inputClass} pl-9`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <select
          aria-label="Media type"
          className={controlClass}
          value={type}
          disabled={only !== null}
          onChange={(e) => setType(e.target.value as TypeFilter)}
        >
          {typeOptions(page?.counts ?? null, accept).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>

      {current ? (
        <Viewer
          item={current}
          index={active}
          count={items.length}
          onMove={focusCell}
          selected={selected.includes(current.id)}
        />
      ) : null}

      {page === null ? (
        <p className="py-8 text-center text-sm text-slate-500" role="status">
          Loading media...
        </p>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center py-8 text-center text-sm text-slate-500">
          <ImageIcon className="size-8 text-slate-400" aria-hidden />
          <p className="mt-2">No media found</p>
        </div>
      ) : (
        <div
          role="listbox"
          aria-label="Media files"
          aria-multiselectable="true"
          className="grid grid-cols-4 gap-2"
          onKeyDown={onGridKey}
        >
          {items.map((item, index) => {
            const isSelected = selected.includes(item.id);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys for all its options (onGridKey).
              <div
                key={item.id}
                ref={(el) => {
                  cells.current[index] = el;
                }}
                role="option"
                aria-selected={isSelected}
                aria-label={item.originalName}
                tabIndex={index === active ? 0 : -1}
                onClick={() => {
                  setActive(index);
                  setSelected((s) => toggle(s, item.id));
                }}
                onFocus={() => setActive(index)}
                className={`relative cursor-pointer overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${isSelected ? "border-brand-600" : "border-transparent"}`}
              >
                <MediaThumb item={item} className="aspect-square w-full" />
                {isSelected ? (
                  <span className="absolute top-1 right-1 rounded-full bg-brand-600 p-0.5 text-on-accent">
                    <Check className="size-3.5" aria-hidden />
                  </span>
                ) : null}
                <p className="truncate px-1 py-0.5 text-xs text-slate-700" title={item.originalName}>
                  {truncateName(item.originalName, PICKER_NAME_MAX)}
                </p>
              </div>
            );
          })}
        </div>
      )}

      {uploadOpen ? (
        <Suspense fallback={null}>
          <UploadDialog
            open={uploadOpen}
            onOpenChange={setUploadOpen}
            onUploaded={(stored) => {
              const usable = stored.filter((m) => !accept || accept.includes(m.fileType));
              setKnown((k) => new Map([...k, ...usable.map((m) => [m.id, m] as const)]));
              setSelected((s) => [...s, ...usable.map((m) => m.id).filter((id) => !s.includes(id))]);
              setReloads((n) => n + 1);
            }}
          />
        </Suspense>
      ) : null}
    </Modal>
  );
}

/** The carousel: the active item large, with previous and next. */
function Viewer({
  item,
  index,
  count,
  selected,
  onMove,
}: {
  item: MediaJson;
  index: number;
  count: number;
  selected: boolean;
  onMove: (index: number) => void;
}) {
  return (
    <figure className="mb-4 rounded-lg bg-slate-50 p-2" aria-label="Preview">
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="rounded p-1 text-slate-600 hover:bg-slate-200 disabled:opacity-30"
          aria-label="Previous media"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <ChevronLeft className="size-5" aria-hidden />
        </button>
        <div className="flex h-48 flex-1 items-center justify-center">
          {item.fileType === "video" ? (
            <video
              key={item.id}
              src={item.url}
              controls
              preload="metadata"
              className="max-h-48 max-w-full"
              aria-label={item.altText || item.displayName}
            />
          ) : (
            <img src={item.url} alt={item.altText || item.displayName} className="max-h-48 max-w-full object-contain" />
          )}
        </div>
        <button
          type="button"
          className="rounded p-1 text-slate-600 hover:bg-slate-200 disabled:opacity-30"
          aria-label="Next media"
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <ChevronRight className="size-5" aria-hidden />
        </button>
      </div>
      <figcaption className="mt-1 text-center text-xs text-slate-600">
        {truncateName(item.originalName, PICKER_NAME_MAX)} · {index + 1} of {count}
        {selected ? " · Selected" : ""}
      </figcaption>
    </figure>
  );
}

export default MediaPicker;
