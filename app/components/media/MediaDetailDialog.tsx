import { format } from "date-fns";
import { AlertDialog } from "radix-ui";
import { useEffect, useState } from "react";
import { statusLabel } from "~/components/posts/post-view";
import { Download, Trash2 } from "~/components/ui/icons";
import { Modal } from "~/components/ui/Modal";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { dangerButton, inputClass, labelClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { useMay } from "~/lib/may";
import { notify } from "~/lib/notify";
import type { MediaJson } from "../../../workers/media/index";
import { MediaThumb } from "./MediaThumb";
import { deleteMedia, type PostUsingMedia, updateMedia } from "./media-api";
import { VideoCaptions } from "./VideoCaptions";

export const DELETE_CONFIRMATION = "Are you sure you want to delete this media? This action cannot be undone.";

interface Props {
  item: MediaJson | null;
  onOpenChange: (open: boolean) => void;
  onUpdated: (item: MediaJson) => void;
  onDeleted: (id: string) => void;
}

/**
 * SPEC §2 Media detail: facts, editable alt text and tags, a video's captions, Download, Delete Media with
 * confirmation. Editing a file (alt text, tags, captions) needs `media.manage`, as the server checks: below it they
 * are read-only, with the server's reason on one line (ADR 127).
 */
export function MediaDetailDialog({ item, onOpenChange, onUpdated, onDeleted }: Props) {
  const { may, why } = useMay();
  const refused = why("media.manage");
  const [altText, setAltText] = useState("");
  const [tags, setTags] = useState("");
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setAltText(item?.altText ?? "");
    setTags(item?.tags.join(", ") ?? "");
  }, [item]);

  if (!item) return null;
  const dirty = altText !== item.altText || tags !== item.tags.join(", ");

  async function save(current: MediaJson) {
    setSaving(true);
    const res = await updateMedia(current.id, { altText, tags: tags.split(/[,\s]+/).filter(Boolean) });
    setSaving(false);
    if (!res.ok) return notify.error(res.message);
    notify.success(res.message);
    onUpdated(res.data);
  }

  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      title="Media Details"
      footer={
        <>
          {may("media.manage") && <DeleteMediaButton item={item} onDeleted={onDeleted} />}
          <a href={item.url} download={item.filename} className={secondaryButton}>
            <Download className="size-4" aria-hidden />
            Download
          </a>
          <button
            type="button"
            className={primaryButton}
            disabled={!dirty || saving || !!refused}
            aria-describedby={refused && "media-edit-refused"}
            onClick={() => void save(item)}
          >
            {saving ? "Saving..." : "Save Changes"}
          </button>
        </>
      }
    >
      <div className="grid gap-6 sm:grid-cols-2">
        {item.fileType === "video" ? (
          <video
            src={item.url}
            controls
            preload="metadata"
            className="max-h-80 w-full rounded bg-black"
            aria-label={item.altText || item.displayName}
          />
        ) : (
          <MediaThumb item={item} className="max-h-80 w-full rounded object-contain" />
        )}
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Filename</dt>
            <dd className="break-all">{item.originalName}</dd>
            <dt className="text-slate-500">Size</dt>
            <dd>{item.humanSize}</dd>
            <dt className="text-slate-500">Dimensions</dt>
            <dd>{item.dimensions ? `${item.dimensions.width} × ${item.dimensions.height}` : "-"}</dd>
            {item.duration ? (
              <>
                <dt className="text-slate-500">Duration</dt>
                <dd>{Math.round(item.duration * 10) / 10} s</dd>
              </>
            ) : null}
            <dt className="text-slate-500">Uploaded</dt>
            <dd>{format(new Date(item.createdAt), "MMM d, yyyy")}</dd>
          </dl>
          <RefusedNote id="media-edit-refused" why={refused} />
          <fieldset
            disabled={!!refused}
            aria-describedby={refused && "media-edit-refused"}
            className="min-w-0 space-y-4"
          >
            <div>
              <label htmlFor="media-alt" className={labelClass}>
                Alt text
              </label>
              <textarea
                id="media-alt"
                rows={3}
                maxLength={1000}
                className={inputClass}
                value={altText}
                onChange={(e) => setAltText(e.target.value)}
                placeholder="Describe the image for people using screen readers"
              />
            </div>
            <div>
              <label htmlFor="media-tags" className={labelClass}>
                Tags
              </label>
              <input
                id="media-tags"
                className={inputClass}
                value={tags}
                onChange={(e) => setTags(e.target.value)}
                placeholder="summer, launch"
                aria-describedby="media-tags-hint"
              />
              <p id="media-tags-hint" className="mt-1 text-xs text-slate-500">
                Separate tags with commas.
              </p>
            </div>
            {item.fileType === "video" ? <VideoCaptions item={item} onUpdated={onUpdated} /> : null}
          </fieldset>
        </div>
      </div>
    </Modal>
  );
}

/**
 * Delete Media: asks once; if posts use the file, names them (published ones too, which keep its thumbnail and
 * details), says the unpublished posts' channels will be held, and asks again.
 */
function DeleteMediaButton({ item, onDeleted }: { item: MediaJson; onDeleted: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const [inUse, setInUse] = useState<{ message: string; posts: PostUsingMedia[] } | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function remove(confirm: boolean) {
    setDeleting(true);
    const res = await deleteMedia(item.id, confirm);
    setDeleting(false);
    if (res.ok) {
      setOpen(false);
      notify.success("Media removed");
      return onDeleted(item.id);
    }
    if (res.posts) return setInUse({ message: res.message, posts: res.posts });
    notify.error(res.message || "Failed to delete media");
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setInUse(null);
      }}
    >
      <AlertDialog.Trigger className={`${dangerButton} mr-auto`}>
        <Trash2 className="size-4" aria-hidden />
        Delete Media
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">
            {inUse ? "Media in use" : "Delete Media"}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {inUse ? inUse.message : DELETE_CONFIRMATION}
          </AlertDialog.Description>
          {inUse ? (
            <ul className="mt-3 max-h-40 space-y-1 overflow-y-auto text-sm" aria-label="Posts using this media">
              {inUse.posts.map((p) => (
                <li key={p.id} className="rounded border border-slate-200 px-2 py-1">
                  <span className="font-medium">{statusLabel(p.status)}</span>
                  {p.scheduledDate ? ` · ${format(new Date(p.scheduledDate), "MMM d, yyyy h:mm a")}` : ""}
                  <span className="block truncate text-slate-600">{p.content}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={secondaryButton}>Cancel</AlertDialog.Cancel>
            <button
              type="button"
              className={dangerButton}
              disabled={deleting}
              onClick={() => void remove(inUse !== null)}
            >
              {deleting ? "Deleting..." : inUse ? "Delete Anyway" : "Delete"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
