import { useId } from "react";
import { inputClass, labelClass } from "~/components/ui/styles";
import type { Platform } from "../../../workers/platform-profile";
import { contentCounter, platformLimitMessages } from "./content-limits";

/** The post text with its live counter against the smallest selected limit and the per-platform limit messages. */
export function ContentField({
  value,
  onChange,
  hashtags,
  platforms,
  limitOf,
}: {
  value: string;
  onChange: (v: string) => void;
  hashtags: string[];
  platforms: Platform[];
  /** A platform's limit for the chosen accounts (a Mastodon instance's own). */
  limitOf?: (platform: Platform) => number;
}) {
  const id = useId();
  const counter = contentCounter(value, hashtags, platforms, limitOf);
  const limits = platformLimitMessages(value, hashtags, platforms, limitOf);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Content
      </label>
      <textarea
        id={id}
        rows={6}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-count ${id}-limits`}
        aria-invalid={counter.over}
        className={inputClass}
        placeholder="What do you want to share?"
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs ${counter.over ? "font-semibold text-red-600" : "text-slate-500"}`}
        aria-live="polite"
      >
        {counter.count}/{counter.max}
      </p>
      <ul id={`${id}-limits`} className="text-sm text-red-600" role={limits.length ? "alert" : undefined}>
        {limits.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
