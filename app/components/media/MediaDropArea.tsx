import type { ReactNode } from "react";
import { useDropzone } from "react-dropzone";

export interface MediaDropAreaProps {
  /** The area's accessible name (it is a region). */
  label: string;
  /** Files dropped on the area, accepted or not: the upload dialog checks them and says what it skips. */
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A part of a page that takes files dropped on it (the library, the composer's media) and hands them to the upload
 * dialog in one step (issue 42). Pointer-only by nature; its buttons stay the keyboard's way to pick files.
 */
export function MediaDropArea({ label, onFiles, disabled, className = "", children }: MediaDropAreaProps) {
  const { getRootProps, isDragActive } = useDropzone({
    noClick: true,
    noKeyboard: true,
    disabled,
    onDrop: (accepted, rejected) => onFiles([...accepted, ...rejected.map((r) => r.file)]),
  });
  return (
    <section
      {...getRootProps({
        role: "region",
        "aria-label": label,
        className: `relative rounded-lg ${isDragActive ? "bg-brand-50 outline-2 outline-brand-500 outline-dashed" : ""} ${className}`,
      })}
    >
      {isDragActive ? (
        <p className="pointer-events-none absolute inset-x-0 top-2 z-10 text-center text-sm font-medium text-brand-700">
          Drop the files to upload them
        </p>
      ) : null}
      {children}
    </section>
  );
}
