import { useState } from "react";
import { MediaPicker } from "~/components/media/MediaPicker";
import { labelClass, linkButton, secondaryButton } from "~/components/ui/styles";
import type { MediaJson } from "../posts/types";
import { MediaCarousel } from "./MediaCarousel";

/**
 * A channel's own media (ADR 021): "Use different media" copies the post's media to start from, then items can
 * be removed or others picked from the library; "Use the post's media" drops the override.
 */
export function ChannelMedia({
  name,
  own,
  base,
  known,
  onChange,
  onPicked,
}: {
  name: string;
  /** The channel's media ids, or null when it publishes the post's media. */
  own: string[] | null;
  base: MediaJson[];
  /** Library items the composer has seen, by id, so an override's ids show as media. */
  known: Map<string, MediaJson>;
  onChange: (media: string[] | null) => void;
  onPicked: (items: MediaJson[]) => void;
}) {
  const [picker, setPicker] = useState(false);
  if (own === null)
    return (
      <button type="button" className={secondaryButton} onClick={() => onChange(base.map((m) => m.id))}>
        Use different media for {name}
      </button>
    );
  const items = own.flatMap((id) => known.get(id) ?? []);
  return (
    <section aria-label={`${name} media`} className="space-y-2">
      <h4 className={labelClass}>{name} media</h4>
      {items.length ? (
        <MediaCarousel items={items} onRemove={(id) => onChange(own.filter((m) => m !== id))} />
      ) : (
        <p className="text-sm text-slate-500">No media for {name} yet.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButton} onClick={() => setPicker(true)}>
          Add from Library
        </button>
        <button type="button" className={linkButton} onClick={() => onChange(null)}>
          Use the post's media
        </button>
      </div>
      <MediaPicker
        open={picker}
        onOpenChange={setPicker}
        onSelect={(picked) => {
          onPicked(picked);
          onChange([...own, ...picked.map((m) => m.id).filter((id) => !own.includes(id))]);
        }}
      />
    </section>
  );
}
