import { useId } from "react";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { ArrowDown, ArrowUp, Trash2 } from "~/components/ui/icons";
import { inputClass, labelClass, secondaryButton } from "~/components/ui/styles";
import { PLATFORM_NAMES, type Platform } from "../../../workers/platform-profile";
import { captionLength, MAX_THREAD_PARTS } from "../../../workers/posts/public";
import { moveItem, withoutItem } from "./composer-form";

const iconButton =
  "rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-40 disabled:hover:bg-transparent";

/**
 * A thread on X or Threads (ADR 027): part 1 is the channel's text; each further part has its own counter and
 * can be moved or removed. Each part is published as a reply to the one before it.
 */
export function ThreadParts({
  platform,
  max,
  contentWarning,
  parts,
  onChange,
}: {
  platform: Platform;
  /** The channel's limit per part (its account's, where its server sets one). */
  max: number;
  /** Mastodon: every part carries the channel's content warning, counted with its text. */
  contentWarning?: string;
  parts: string[];
  onChange: (parts: string[]) => void;
}) {
  const id = useId();
  const name = PLATFORM_META[platform]?.name ?? PLATFORM_NAMES[platform];
  const full = parts.length + 1 >= MAX_THREAD_PARTS;
  return (
    <div className="space-y-2">
      {parts.length ? (
        <ol aria-label={`${name} thread`} className="space-y-2">
          {parts.map((part, i) => {
            const n = i + 2;
            const count = captionLength(platform, part, contentWarning);
            return (
              <li key={i} className="rounded border border-slate-200 p-2">
                <div className="flex items-center gap-1">
                  <label htmlFor={`${id}-${i}`} className={`${labelClass} mr-auto mb-0`}>
                    Part {n}
                  </label>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move part ${n} up`}
                    disabled={i === 0}
                    onClick={() => onChange(moveItem(parts, i, -1))}
                  >
                    <ArrowUp className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move part ${n} down`}
                    disabled={i === parts.length - 1}
                    onClick={() => onChange(moveItem(parts, i, 1))}
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Remove part ${n}`}
                    onClick={() => onChange(withoutItem(parts, i))}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </div>
                <textarea
                  id={`${id}-${i}`}
                  rows={3}
                  className={`${inputClass} mt-1`}
                  value={part}
                  aria-describedby={`${id}-${i}-count`}
                  aria-invalid={count > max}
                  onChange={(e) => onChange(parts.map((p, j) => (j === i ? e.target.value : p)))}
                />
                <p
                  id={`${id}-${i}-count`}
                  aria-live="polite"
                  className={`mt-1 text-right text-xs ${count > max ? "font-semibold text-red-600" : "text-slate-500"}`}
                >
                  {count}/{max}
                </p>
              </li>
            );
          })}
        </ol>
      ) : null}
      <button
        type="button"
        className={secondaryButton}
        disabled={full}
        onClick={() => onChange([...parts, ""])}
        title={full ? `A thread has at most ${MAX_THREAD_PARTS} parts` : undefined}
      >
        Add to thread
      </button>
    </div>
  );
}
