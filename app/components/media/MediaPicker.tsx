import { useEffect, useState } from "react";
import { Modal } from "~/components/ui/Modal";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import type { MediaJson } from "../posts/types";

/** Placeholder until the media library's picker lands: lists GET /api/media and returns the chosen items. */
export function MediaPicker({ open, onOpenChange, onSelect, accept }: { open: boolean; onOpenChange: (open: boolean) => void; onSelect: (items: MediaJson[]) => void; accept?: "image" | "video" }) {
  const [items, setItems] = useState<MediaJson[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (!open) return;
    setChosen([]);
    void api<{ media: MediaJson[] }>(`/api/media?limit=100${accept ? `&type=${accept}` : ""}`).then((res) => res.ok && setItems(res.data.media));
  }, [open, accept]);
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Media Library"
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="button" className={primaryButton} disabled={chosen.length === 0} onClick={() => (onSelect(items.filter((m) => chosen.includes(m.id))), onOpenChange(false))}>
            Add {chosen.length} Item(s) to Post
          </button>
        </>
      }
    >
      {items.length === 0 ? <p className="text-sm text-slate-500">No media yet.</p> : null}
      <ul className="grid grid-cols-3 gap-3">
        {items.map((m) => (
          <li key={m.id}>
            <button type="button" aria-pressed={chosen.includes(m.id)} onClick={() => toggle(m.id)} className="w-full rounded border border-slate-200 p-1 text-left text-xs aria-pressed:ring-2 aria-pressed:ring-brand-600">
              {m.fileType === "image" ? <img src={m.url} alt={m.altText || m.originalName} className="aspect-square w-full object-cover" /> : <video src={m.url} className="aspect-square w-full object-cover" muted />}
              <span className="block truncate">{m.originalName}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
