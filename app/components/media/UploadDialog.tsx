import { useState } from "react";
import { Modal } from "~/components/ui/Modal";
import { labelClass, primaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import type { MediaJson } from "../posts/types";

/** Placeholder until the media library's upload dialog lands: one POST /api/media/upload. */
export function UploadDialog({ open, onOpenChange, onUploaded }: { open: boolean; onOpenChange: (open: boolean) => void; onUploaded: (items: MediaJson[]) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    const form = new FormData();
    for (const f of files) form.append("files", f);
    form.set("folder", "general");
    setBusy(true);
    const res = await api<MediaJson[]>("/api/media/upload", { form });
    setBusy(false);
    if (!res.ok) return void notify.error(res.message);
    notify.success(res.message);
    onUploaded(res.data);
    setFiles([]);
    onOpenChange(false);
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Upload Media" footer={<button type="button" className={primaryButton} disabled={!files.length || busy} onClick={upload}>Upload</button>}>
      <label className={labelClass}>
        Files (PNG, JPG, GIF; MP4, MOV, AVI)
        <input type="file" multiple accept="image/*,video/*" className="mt-2 block text-sm" onChange={(e) => setFiles([...(e.target.files ?? [])])} />
      </label>
    </Modal>
  );
}
