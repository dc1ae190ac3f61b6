import { type DragEvent, type ReactNode, useRef, useState } from "react";

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
 * The browser's own drag events, not react-dropzone: the area only collects files (the dialog checks them), and
 * the Content Hub's media tab shows it at first paint, where react-dropzone was 5 kB gzip (ADR 104).
 */
export function MediaDropArea({ label, onFiles, disabled, className = "", children }: MediaDropAreaProps) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: the area is left when they balance.
  const depth = useRef(0);
  const carriesFiles = (e: DragEvent) => !disabled && e.dataTransfer.types.includes("Files");
  const leave = () => {
    depth.current = 0;
    setOver(false);
  };
  return (
    <section
      aria-label={label}
      className={`relative rounded-lg ${over ? "bg-brand-50 outline-2 outline-brand-500 outline-dashed" : ""} ${className}`}
      onDragEnter={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(e) => {
        // Without this the browser opens a dropped file instead of handing it to the page.
        if (carriesFiles(e)) e.preventDefault();
      }}
      onDragLeave={() => {
        depth.current -= 1;
        if (depth.current <= 0) leave();
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        leave();
        onFiles([...e.dataTransfer.files]);
      }}
    >
      {over ? (
        <p className="pointer-events-none absolute inset-x-0 top-2 z-10 text-center text-sm font-medium text-brand-700">
          Drop the files to upload them
        </p>
      ) : null}
      {children}
    </section>
  );
}
