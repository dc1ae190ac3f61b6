import { useId, useState } from "react";
import { inputClass, labelClass, secondaryButton } from "~/components/ui/styles";
import { notify } from "~/lib/notify";
import type { MediaJson } from "../../../workers/media/index";
import { deleteCaptions, putCaptions } from "./media-api";

/**
 * A video's captions: one WebVTT file per language, sent with the video where the network takes them (Bluesky).
 * The server checks the file and the language tag; its message is what the user sees.
 */
export function VideoCaptions({ item, onUpdated }: { item: MediaJson; onUpdated: (item: MediaJson) => void }) {
  const id = useId();
  const [lang, setLang] = useState("en");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(call: () => ReturnType<typeof deleteCaptions>) {
    setBusy(true);
    const res = await call();
    setBusy(false);
    if (!res.ok) return notify.error(res.message);
    notify.success(res.message);
    setFile(null);
    onUpdated(res.data);
  }

  return (
    <fieldset className="space-y-2">
      <legend className={labelClass}>Captions</legend>
      {item.captions.length ? (
        <ul className="space-y-1 text-sm" aria-label="Caption files">
          {item.captions.map((c) => (
            <li key={c.lang} className="flex items-center justify-between gap-2">
              <span>
                {c.lang} <span className="text-slate-500">({c.size.toLocaleString("en-US")} bytes)</span>
              </span>
              <button
                type="button"
                className="text-xs text-red-700 underline"
                disabled={busy}
                onClick={() => void run(() => deleteCaptions(item.id, c.lang))}
              >
                Remove {c.lang} captions
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-500">No captions yet. Bluesky shows WebVTT captions with the video.</p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-24">
          <label htmlFor={`${id}-lang`} className="text-xs text-slate-600">
            Language
          </label>
          <input id={`${id}-lang`} className={inputClass} value={lang} onChange={(e) => setLang(e.target.value)} />
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-file`} className="text-xs text-slate-600">
            Caption file (.vtt)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".vtt,text/vtt"
            className="block w-full text-xs"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <button
          type="button"
          className={secondaryButton}
          disabled={!file || !lang.trim() || busy}
          onClick={() => file && void run(() => putCaptions(item.id, lang.trim(), file))}
        >
          Add captions
        </button>
      </div>
    </fieldset>
  );
}
