import { useEffect, useState } from "react";
import { api } from "~/lib/api";
import type { MediaJson } from "../posts/types";

/** Placeholder until the media library tab lands: the library's items. */
export function MediaLibraryTab() {
  const [items, setItems] = useState<MediaJson[]>([]);
  useEffect(() => void api<{ media: MediaJson[] }>("/api/media?limit=100").then((res) => res.ok && setItems(res.data.media)), []);
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((m) => (
        <li key={m.id} className="truncate rounded border border-slate-200 bg-white p-2 text-xs">
          {m.originalName}
        </li>
      ))}
    </ul>
  );
}
