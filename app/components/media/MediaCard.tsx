import type { MediaJson } from "../../../workers/media/index";
import { CARD_NAME_MAX, truncateName, usedLabel, visibleTags } from "./display";
import { MediaThumb } from "./MediaThumb";

/** A library item in the Content Hub (SPEC §2): name cut at 20, size, 'Used Nx', two tags and '+N'. */
export function MediaCard({ item, layout, onOpen }: { item: MediaJson; layout: "grid" | "list"; onOpen: () => void }) {
  const { shown, more } = visibleTags(item.tags);
  const details = (
    <>
      <p className="truncate text-sm font-medium text-slate-900" title={item.originalName}>
        {truncateName(item.originalName, CARD_NAME_MAX)}
      </p>
      <p className="mt-0.5 text-xs text-slate-500">
        {item.humanSize} · {usedLabel(item.usage.timesUsed)}
      </p>
      {shown.length > 0 ? (
        <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Tags">
          {shown.map((tag) => (
            <li key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
              {tag}
            </li>
          ))}
          {more > 0 ? <li className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">+{more}</li> : null}
        </ul>
      ) : null}
    </>
  );
  return (
    <li
      className={`relative w-full overflow-hidden rounded-lg border border-slate-200 bg-surface shadow-sm hover:border-brand-500 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 ${
        layout === "list" ? "flex items-center gap-3 p-2" : ""
      }`}
    >
      {/* The button holds the picture only, so its name (the full file name) is all it shows (WCAG 2.5.3); its
          ::after covers the card, so the whole card still opens it. */}
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Open ${item.originalName}`}
        className={`block after:absolute after:inset-0 focus-visible:outline-none ${layout === "list" ? "shrink-0" : "w-full"}`}
      >
        <MediaThumb item={item} className={layout === "list" ? "size-14 shrink-0 rounded" : "aspect-square w-full"} />
      </button>
      <div className={layout === "list" ? "min-w-0 flex-1" : "p-3"}>{details}</div>
    </li>
  );
}
