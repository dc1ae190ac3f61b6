import { useEffect, useRef, useState } from "react";
import { useDropzone } from "react-dropzone";
import { CheckCircle2, FileImage, FileVideo, RotateCw, Upload, XCircle } from "~/components/ui/icons";
import { Modal } from "~/components/ui/Modal";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { notify } from "~/lib/notify";
import type { MediaJson } from "../../../workers/media/index";
import { humanSize, MAX_FILES_PER_UPLOAD } from "../../../workers/media/public";
import {
  ACCEPTED_EXTENSIONS,
  advance,
  checkFiles,
  type SkippedFile,
  type UploadItem,
  uploadedMessage,
  uploadFiles,
  uploadSummary,
} from "./upload-client";

type QueuedItem = UploadItem & { file: File };

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The library items stored by one round of uploads (only the completed ones). */
  onUploaded?: (items: MediaJson[]) => void;
  folder?: string;
  /** Files dropped on the page that opened the dialog: uploaded as it opens. */
  files?: File[];
}

const STATUS_LABEL: Record<UploadItem["status"], string> = {
  pending: "Pending",
  uploading: "Uploading",
  completed: "Completed",
  failed: "Failed",
};

function skippedToast(skipped: SkippedFile[]) {
  if (skipped.length === 0) return;
  notify.error(`${skipped.length} ${skipped.length === 1 ? "file was" : "files were"} skipped`, {
    duration: 5000,
    description: (
      <ul>
        {skipped.map((s) => (
          <li key={s.name}>
            {s.name}: {s.message}
          </li>
        ))}
      </ul>
    ),
  });
}

/**
 * SPEC §2/§5 media upload in one step (issue 42): files dropped or chosen start at once, a few side by side,
 * each with its own progress, outcome and retry; a live region reads out where the round stands.
 */
export function UploadDialog({ open, onOpenChange, onUploaded, folder, files }: UploadDialogProps) {
  const [items, setItems] = useState<QueuedItem[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const dropped = useRef(files);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Cancel what is under way once the dialog is really gone, not on StrictMode's unmount-and-remount check.
      queueMicrotask(() => {
        if (!mounted.current) abort.current?.abort();
      });
    };
  }, []);

  async function upload(queued: QueuedItem[]) {
    if (queued.length === 0) return;
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    const results = await uploadFiles(queued, {
      folder,
      signal: controller.signal,
      onItem: (next) => setItems((current) => current.map((i) => (i.id === next.id ? next : i))),
    });
    abort.current = null;
    setBusy(false);
    const stored = results.filter((r) => r.status === "completed" && r.media);
    if (stored.length > 0) {
      notify.success(uploadedMessage(stored.map((s) => s.kind)));
      onUploaded?.(stored.map((s) => s.media!));
    }
    const failed = results.filter((r) => r.status === "failed");
    if (failed.length > 0 && !controller.signal.aborted) notify.error("Failed to upload media");
  }

  function add(picked: File[]) {
    const { items: queued, skipped } = checkFiles(picked, MAX_FILES_PER_UPLOAD);
    skippedToast(skipped);
    setItems((current) => [...current.filter((i) => i.status !== "completed"), ...queued]);
    void upload(queued);
  }

  function retry(item: QueuedItem) {
    const again = advance(item, { type: "retry" });
    setItems((current) => current.map((i) => (i.id === item.id ? again : i)));
    void upload([again]);
  }

  // Files dropped on the page that opened the dialog go up as soon as it opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on open; the ref keeps a re-run from sending twice
  useEffect(() => {
    if (dropped.current?.length) add(dropped.current);
    dropped.current = undefined;
  }, []);

  const {
    getRootProps,
    getInputProps,
    isDragActive,
    open: openFileDialog,
  } = useDropzone({
    noClick: true,
    noKeyboard: true,
    // The dialog sits in a portal inside the library's own drop area; a drop here is this dialog's alone.
    noDragEventsBubbling: true,
    disabled: busy,
    onDrop: (accepted, rejected) => add([...accepted, ...rejected.map((r) => r.file)]),
  });

  function close(next: boolean) {
    if (next) return onOpenChange(true);
    abort.current?.abort();
    setItems([]);
    onOpenChange(false);
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Upload Media"
      description="Add images and videos to your media library: they upload as soon as you drop or choose them."
      footer={
        busy ? (
          <button type="button" className={secondaryButton} onClick={() => abort.current?.abort()}>
            Cancel Upload
          </button>
        ) : (
          <button type="button" className={primaryButton} onClick={() => close(false)}>
            {items.some((i) => i.status === "completed") ? "Done" : "Cancel"}
          </button>
        )
      }
    >
      <div
        {...getRootProps({
          className: `flex flex-col items-center rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors ${
            isDragActive ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50"
          }`,
        })}
      >
        <input
          {...getInputProps({
            accept: ["image/*", "video/*", ...ACCEPTED_EXTENSIONS].join(","),
            "aria-label": "Choose files to upload",
          })}
        />
        <Upload className="size-8 text-slate-400" aria-hidden />
        <p className="mt-2 text-sm font-medium text-slate-700">
          {isDragActive ? "Drop the files here" : "Drag and drop files here, or"}
        </p>
        <button type="button" className={`${secondaryButton} mt-3`} onClick={openFileDialog} disabled={busy}>
          Choose Files
        </button>
        <p className="mt-3 text-xs text-slate-500">Accepted formats: PNG, JPG, GIF, WEBP; MP4, MOV, AVI</p>
        <p className="text-xs text-slate-500">Images up to 50MB, videos up to 250MB, 10 files at a time</p>
      </div>

      {items.length > 0 ? (
        <ul className="mt-4 space-y-2" aria-label="Files to upload">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} onRetry={busy ? undefined : () => retry(item)} />
          ))}
        </ul>
      ) : null}
      <p className="sr-only" role="status">
        {uploadSummary(items)}
      </p>
    </Modal>
  );
}

function UploadRow({ item, onRetry }: { item: QueuedItem; onRetry?: () => void }) {
  const Icon = item.kind === "video" ? FileVideo : FileImage;
  const label = item.status === "uploading" ? `${STATUS_LABEL.uploading} ${item.progress}%` : STATUS_LABEL[item.status];
  return (
    <li className="rounded-md border border-slate-200 p-3" aria-label={item.name}>
      <div className="flex items-center gap-3">
        <Icon className="size-5 shrink-0 text-slate-400" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={item.name}>
            {item.name}
          </p>
          <p className="text-xs text-slate-500">
            {humanSize(item.size)}
            {item.warning ? <span className="ml-2 font-medium text-amber-700">{item.warning}</span> : null}
          </p>
        </div>
        <span
          className={`flex items-center gap-1 text-xs font-medium ${item.status === "failed" ? "text-red-700" : item.status === "completed" ? "text-green-700" : "text-slate-600"}`}
          data-testid="upload-status"
        >
          {item.status === "completed" ? <CheckCircle2 className="size-4" aria-hidden /> : null}
          {item.status === "failed" ? <XCircle className="size-4" aria-hidden /> : null}
          {label}
        </span>
        {onRetry && item.status === "failed" ? (
          <button
            type="button"
            className="flex items-center gap-1 rounded px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
            aria-label={`Retry ${item.name}`}
            onClick={onRetry}
          >
            <RotateCw className="size-3.5" aria-hidden />
            Retry
          </button>
        ) : null}
      </div>
      {item.status === "uploading" || item.status === "completed" ? (
        <progress
          className={`mt-2 h-1.5 w-full ${item.status === "completed" ? "accent-green-600" : "accent-brand-600"}`}
          aria-label={`${item.name} upload progress`}
          value={item.progress}
          max={100}
        />
      ) : null}
      {item.error ? (
        <p className="mt-1 text-xs text-red-700" role="alert">
          {item.error}
        </p>
      ) : null}
    </li>
  );
}

export default UploadDialog;
